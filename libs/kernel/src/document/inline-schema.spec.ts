import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineProblem, INLINE_TYPES, markProblem, MARK_TYPES } from './inline-schema';
import { BUTTON_KINDS, BUTTON_SIZES, TEXT_COLORS } from './inline.model';

type Schema = { $ref?: string; enum?: string[]; properties?: Record<string, Schema>; oneOf?: Schema[]; allOf?: Schema[]; required?: string[] };
const spec = JSON.parse(readFileSync(join(__dirname, '../../../../node_modules/@gitbook/api/spec/openapi.json'), 'utf8'));
const schemas: Record<string, Schema> = spec.components.schemas;
const resolve = (schema: Schema): Schema => (schema.$ref ? schemas[schema.$ref.split('/').pop()!] : schema);
const typeOf = (schema: Schema) => resolve(schema).properties!.type.enum![0];

describe('the inline half of the model against the client\'s spec', () => {
  it('has every DocumentInline type and every DocumentTextMark type', () => {
    expect([...INLINE_TYPES].sort()).toEqual(schemas.DocumentInline.oneOf!.map(typeOf).sort());
    expect([...MARK_TYPES].sort()).toEqual(schemas.DocumentTextMark.oneOf!.map(typeOf).sort());
  });

  it('has the spec\'s colors, button kinds and sizes', () => {
    expect([...TEXT_COLORS]).toEqual(schemas.DocumentTextColor.enum);
    const button = schemas.DocumentInlineButton.properties!.data.allOf![0].properties!;
    expect([...BUTTON_KINDS]).toEqual(button.kind.enum);
    expect([...BUTTON_SIZES]).toEqual(button.size.enum);
  });

  it.each(INLINE_TYPES.filter((type) => type !== 'button' && type !== 'annotation'))('knows every data field of %s and its required ones', (type) => {
    const schema = schemas.DocumentInline.oneOf!.map(resolve).find((s) => s.properties!.type.enum![0] === type)!;
    const data = schema.properties!.data;
    for (const name of Object.keys(data.properties!)) expect(inlineProblem(type, { [name]: 'x' }) ?? '').not.toMatch(new RegExp(`data.${name}: is not a field`));
    if ((data.required ?? []).length > 0) expect(inlineProblem(type, {})).toMatch(new RegExp(`data.(${data.required!.join('|')}): is required`));
  });
});

describe('inline data and marks given as JSON', () => {
  it.each([
    ['link', { ref: { kind: 'url', url: 'https://x.dev' } }],
    ['mention', { ref: { kind: 'page', page: 'p1' } }],
    ['emoji', { code: '1f389' }],
    ['icon', { icon: 'rocket', color: '$primary' }],
    ['expression', { expression: 'space.vars.x' }],
    ['inline-math', { formula: 'x^2' }],
    ['inline-image', { ref: { kind: 'file', file: 'f1' }, refDark: { kind: 'url', url: 'https://x.dev/d.png' }, alt: 'a', size: 'line' }],
    ['annotation', undefined],
    ['button', { label: 'Go', kind: 'primary', size: 'large', icon: 'rocket', ref: { kind: 'url', url: 'https://x.dev' } }],
    ['button', { label: 'Ask', kind: 'secondary', action: { action: 'ask', query: 'How?' } }],
  ])('takes a %s the spec describes', (type, data) => expect(inlineProblem(type, data)).toBeUndefined());

  it.each([
    ['unknown', {}, /type: must be one of/],
    ['emoji', {}, /data.code: is required/],
    ['icon', { icon: 'x', color: 'mauve' }, /data.color: must be one of/],
    ['icon', { icon: 'x'.repeat(51) }, /at most 50/],
    ['inline-image', { ref: { kind: 'page', page: 'p1' } }, /url or file/],
    ['inline-image', { ref: { kind: 'url', url: 'u' }, size: 'huge' }, /original or line/],
    ['button', { label: 'Go', kind: 'tertiary', ref: { kind: 'url', url: 'u' } }, /primary or secondary/],
    ['button', { label: 'Go', kind: 'primary' }, /either a ref or an action/],
    ['button', { label: 'Go', kind: 'primary', action: { action: 'select' } }, /action/],
    ['link', { ref: { kind: 'url', url: 'u' }, title: 'x' }, /data.title: is not a field/],
  ])('refuses a %s with %j', (type, data, problem) => expect(inlineProblem(type, data)).toMatch(problem));

  it('takes the eight marks, a color with its data, and refuses others', () => {
    for (const type of MARK_TYPES) expect(markProblem(type, type === 'color' ? { text: 'red', background: 'default' } : undefined)).toBeUndefined();
    expect(markProblem('underline', undefined)).toMatch(/must be one of/);
    expect(markProblem('color', { text: 'red' })).toMatch(/text and background/);
    expect(markProblem('bold', { text: 'red' })).toMatch(/only a color mark/);
  });
});

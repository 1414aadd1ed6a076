import { getMetadataStorage, IsInt, IsString, MetadataStorage, validate } from 'class-validator';
import { keepRuleLookups } from './validation-rules';

// As the app does (validation.ts): on class-validator's global storage, which `validate` reads.
beforeAll(() => keepRuleLookups());

describe('keepRuleLookups', () => {
  it('answers what class-validator answers, the same list each time', () => {
    class Body {
      @IsString() title!: string;
    }
    class Child extends Body {
      @IsInt() size!: number;
    }
    const kept = getMetadataStorage();
    const uncached = (target: new () => object) => MetadataStorage.prototype.getTargetValidationMetadatas.call(kept, target, '', true, false);
    const first = kept.getTargetValidationMetadatas(Child, '', true, false);
    expect(first.map((m) => m.propertyName).sort()).toEqual(uncached(Child).map((m) => m.propertyName).sort());
    expect(first.map((m) => m.propertyName).sort()).toEqual(['size', 'title']);
    expect(kept.getTargetValidationMetadatas(Child, '', true, false)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('forgets what it kept when a rule is added: a rule decorated later is enforced', async () => {
    class Later {
      name?: unknown;
      size?: unknown;
    }
    IsString()(Later.prototype, 'name');
    const object = Object.assign(new Later(), { name: 'x', size: 'not a number' });
    expect(await validate(object)).toEqual([]);
    IsInt()(Later.prototype, 'size');
    const errors = await validate(object);
    expect(errors.map((e) => e.property)).toEqual(['size']);
  });

  it('forgets on a parent’s new rule too: a subclass inherits it at once', async () => {
    class Parent {
      a?: unknown;
    }
    class Sub extends Parent {
      b?: unknown;
    }
    IsString()(Sub.prototype, 'b');
    const object = Object.assign(new Sub(), { a: 1, b: 'ok' });
    expect(await validate(object)).toEqual([]);
    IsString()(Parent.prototype, 'a');
    expect((await validate(object)).map((e) => e.property)).toEqual(['a']);
  });

  it('keeps the grouping by property of a kept list, and of no other list', () => {
    class Grouped {
      @IsString() a!: string;
      @IsInt() @IsString() b!: number;
    }
    const kept = getMetadataStorage();
    const rules = kept.getTargetValidationMetadatas(Grouped, '', true, false);
    const grouped = kept.groupByPropertyName(rules);
    expect(grouped).toEqual(MetadataStorage.prototype.groupByPropertyName.call(kept, rules));
    expect(Object.keys(grouped)).toEqual(['a', 'b']);
    expect(kept.groupByPropertyName(rules)).toBe(grouped);
    const other = [...rules];
    expect(kept.groupByPropertyName(other)).not.toBe(kept.groupByPropertyName(other));
    other.pop();
    expect(kept.groupByPropertyName(other).b).toHaveLength(grouped.b.length - 1);
  });

  it('groups a class anew once a rule is added to it', async () => {
    class Regrouped {
      name?: unknown;
      size?: unknown;
    }
    IsString()(Regrouped.prototype, 'name');
    const kept = getMetadataStorage();
    const before = kept.groupByPropertyName(kept.getTargetValidationMetadatas(Regrouped, '', true, false));
    IsInt()(Regrouped.prototype, 'size');
    const after = kept.groupByPropertyName(kept.getTargetValidationMetadatas(Regrouped, '', true, false));
    expect(Object.keys(before)).toEqual(['name']);
    expect(Object.keys(after)).toEqual(['name', 'size']);
    expect((await validate(Object.assign(new Regrouped(), { name: 'x', size: 'x' }))).map((e) => e.property)).toEqual(['size']);
  });

  it('is installed once per storage however often it is asked', () => {
    const own = new MetadataStorage();
    keepRuleLookups(own);
    const lookUp = own.getTargetValidationMetadatas;
    keepRuleLookups(own);
    expect(own.getTargetValidationMetadatas).toBe(lookUp);
  });
});

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

  it('is installed once per storage however often it is asked', () => {
    const own = new MetadataStorage();
    keepRuleLookups(own);
    const lookUp = own.getTargetValidationMetadatas;
    keepRuleLookups(own);
    expect(own.getTargetValidationMetadatas).toBe(lookUp);
  });
});

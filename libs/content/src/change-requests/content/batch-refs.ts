import { Invalid } from '@folio/platform/domain/errors';
import { ContentChange } from './content-change.dto';
import { changeAt } from './refusal-at';

export interface Definition {
  kind: 'page' | 'file';
  /** The change defining it. */
  index: number;
  id?: string;
}

/** The batch's refs as plain data (a worker thread resolves them in the documents it makes): by name. */
export type RefDefinitions = ReadonlyMap<string, Definition>;

/**
 * The batch-local names `insert_page` and `insert_files` give what they create (`ref`), so later changes
 * of the batch can name it (`into: ref`, `page: ref`). Read from the whole batch before anything applies,
 * so a ref defined twice, or used before the change defining it, is refused by name.
 */
export class BatchRefs {
  private constructor(private readonly definitions: RefDefinitions) {}

  /** Refs as `state()` answered them, on another thread. */
  static from(definitions: RefDefinitions): BatchRefs {
    return new BatchRefs(definitions);
  }

  static of(changes: readonly ContentChange[]): BatchRefs {
    const definitions = new Map<string, Definition>();
    const define = (ref: string | undefined, kind: Definition['kind'], index: number, where: string) => {
      if (ref === undefined) return;
      const earlier = definitions.get(ref);
      if (earlier) throw new Invalid(`${where}: ref ${JSON.stringify(ref)} is already defined by ${changeAt(earlier.index)}`);
      definitions.set(ref, { kind, index });
    };
    changes.forEach((change, index) => {
      if (change.operation === 'insert_page') define(change.ref, 'page', index, `${changeAt(index)}.ref`);
      if (change.operation === 'insert_files') {
        change.files.forEach((file, i) => define(file.ref, 'file', index, `${changeAt(index)}.files[${i}].ref`));
      }
    });
    return new BatchRefs(definitions);
  }

  /** The refs as they stand, a copy: the ids bound so far by the changes applied. */
  state(): RefDefinitions {
    return new Map([...this.definitions].map(([name, definition]) => [name, { ...definition }]));
  }

  /** Records the id the change defining `ref` gave to what it created. */
  bind(ref: string | undefined, id: string): void {
    if (ref !== undefined) this.definitions.get(ref)!.id = id;
  }

  /** The page id `name` stands for in change `index`: a page ref defined earlier in the batch, else itself (an id). */
  page(name: string, index: number): string {
    return this.resolve(name, 'page', index);
  }

  /**
   * The document with every reference to a ref of the batch (`[…](/pages/<ref>)`, `![…](/files/<ref>)`,
   * `/pages/<ref>#anchor`, a content-ref block) turned into the id it stands for; other ids stay as they are.
   * The document is the batch's own copy (parsed or cloned), so it is changed in place.
   */
  inDocument<D extends object | null | undefined>(document: D, index: number): D {
    const stack: unknown[] = document ? [document] : [];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== 'object') continue;
      const ref = (node as { data?: { ref?: Record<string, string> } }).data?.ref;
      if (ref?.kind === 'file') ref.file = this.resolve(ref.file, 'file', index);
      if ((ref?.kind === 'page' || ref?.kind === 'anchor') && ref.page !== undefined && ref.space === undefined) {
        ref.page = this.resolve(ref.page, 'page', index);
      }
      // One push per value: a spread of a long `nodes` array would overflow the stack.
      for (const value of Object.values(node)) stack.push(value);
    }
    return document;
  }

  private resolve(name: string, kind: Definition['kind'], index: number): string {
    const definition = this.definitions.get(name);
    if (!definition) return name;
    if (definition.kind !== kind) throw new Invalid(`ref ${JSON.stringify(name)} names a ${definition.kind}, not a ${kind}`);
    if (definition.id === undefined || definition.index >= index) {
      throw new Invalid(`ref ${JSON.stringify(name)} is used before ${changeAt(definition.index)} defines it`);
    }
    return definition.id;
  }
}

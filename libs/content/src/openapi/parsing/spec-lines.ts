import { Document, isAlias, isMap, isScalar, isSeq, LineCounter, Node, parseDocument } from 'yaml';
import { segmentsOf } from './json-pointer';

/**
 * How a spec's text is read as YAML: YAML 1.2 (its core schema: no dates or other 1.1 types), merge keys
 * (`<<`, common in hand-written specs), and errors left plain (their line is placed from the offset, not
 * printed with a snippet of the text). Keys are checked unique by spec-yaml.ts, not by yaml: yaml compares
 * each key with every key before it, quadratic in a mapping's size (a mapping of 20,000 keys, 300 KB of
 * text, took 4.2 s of CPU instead of 0.46 s).
 */
export const YAML_OPTIONS = (lineCounter: LineCounter) => ({ lineCounter, version: '1.2', merge: true, uniqueKeys: false, prettyErrors: false }) as const;

/**
 * The lines of a document's values, by JSON pointer, read from the `yaml` parse of its text: JSON is YAML
 * 1.2, so the same node ranges serve both formats. Built only when there are problems to place (`yaml`
 * takes 2 s to read 3.3 MB where JSON.parse and js-yaml, which read the data, keep no positions).
 */
export class SpecLines {
  /** `root` must have been parsed with `counter`. */
  private constructor(
    private readonly root: Document.Parsed,
    private readonly counter: LineCounter,
  ) {}

  /** The lines of `text`, parsed the first time they are asked for. */
  static lazy(text: string): () => SpecLines {
    let lines: SpecLines | undefined;
    return () => {
      if (!lines) {
        const counter = new LineCounter();
        lines = new SpecLines(parseDocument(text, YAML_OPTIONS(counter)), counter);
      }
      return lines;
    };
  }

  /**
   * The 1-based line where the value at `pointer` is written: its key's line for a property (a missing
   * required field is reported on its object, whose key says where it starts), its own for an item. Where
   * the pointer runs past what the text holds, the line of the deepest value it reaches.
   */
  lineOf(pointer: string): number | undefined {
    let node: unknown = this.root.contents;
    let offset = (node as Node | null)?.range?.[0];
    for (const segment of segmentsOf(pointer)) {
      if (isAlias(node)) node = node.resolve(this.root);
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
        if (!pair) break;
        offset = (pair.key as Node).range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && /^\d+$/.test(segment) && node.items[Number(segment)]) {
        node = node.items[Number(segment)];
        offset = (node as Node).range?.[0] ?? offset;
      } else {
        break;
      }
    }
    return offset === undefined ? undefined : this.counter.linePos(offset).line;
  }
}

// @types/js-yaml (4.0.9) describes js-yaml 4.1; the installed 4.3 also exports its types (to build a schema
// from them), keeps each type's options, and bounds a document's nesting and merging.
import 'js-yaml';

declare module 'js-yaml' {
  interface LoadOptions {
    /** How deep collections may nest (100 by default): deeper is refused. */
    maxDepth?: number;
    /** How many keys merge keys (`<<`) may copy in all (10,000 by default): more is refused. */
    maxTotalMergeKeys?: number;
  }
  interface Type {
    options: TypeConstructorOptions;
  }
  export const types: Record<'binary' | 'float' | 'map' | 'null' | 'pairs' | 'set' | 'timestamp' | 'bool' | 'int' | 'merge' | 'omap' | 'seq' | 'str', Type>;
}

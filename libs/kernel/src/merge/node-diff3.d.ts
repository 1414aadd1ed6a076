// node-diff3 names its types only under package.json "exports", which this project's module resolution
// ("node", for CommonJS) does not read; its declaration file is re-exported here under the package's name.
declare module 'node-diff3' {
  export * from 'node-diff3/src/diff3';
}

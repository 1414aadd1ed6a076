/** One file of a Git Sync folder: its path in the folder ('/'-separated, relative), its size, its bytes on demand. */
export interface FolderEntry {
  path: string;
  size: number;
  open(): Promise<NodeJS.ReadableStream>;
}

/** A Git Sync folder to read (a directory, a zip). */
export interface FolderSource {
  list(): Promise<FolderEntry[]>;
}

/** Where a Git Sync folder is written (a directory, a zip). */
export interface FolderSink {
  write(path: string, content: Buffer | NodeJS.ReadableStream): Promise<void>;
}

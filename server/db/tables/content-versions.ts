export interface ContentVersionTable {
  /** What the counter covers: 'pages' (everything public pages show from the database). */
  name: string;
  /** Raised by one on every write to that content. */
  version: number;
}

export interface ContentVersionTables {
  content_versions: ContentVersionTable;
}

import pg from 'pg';

/**
 * Runs one statement on its own connection (creating or dropping a benchmark's throwaway
 * schema, outside the pool the benchmark measures).
 */
export async function runPostgresStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

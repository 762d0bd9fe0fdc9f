import { describe, expect, it } from 'vitest';
import { BackupError, runTool } from './backup';

describe("PostgreSQL's client tools", () => {
  it('says how to install a missing tool instead of failing with a stack', async () => {
    const missing = runTool('pg_dump-that-is-not-installed', ['--version']);
    await expect(missing).rejects.toBeInstanceOf(BackupError);
    await expect(missing).rejects.toThrow(
      /pg_dump-that-is-not-installed was not found\. Install PostgreSQL's client tools.*apt-get install postgresql-client/,
    );
  });

  it("passes on the tool's own words when it fails", async () => {
    await expect(
      runTool(process.execPath, ['-e', 'console.error("no such database"); process.exit(3)']),
    ).rejects.toThrow(/failed \(exit 3\):\nno such database$/);
  });
});

// A writable copy of the demo fixtures (for tests that edit them), with the images they name.
import { copyFileSync, cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultFixturesFile } from '../../runtime/paths.js';

/** Copies the demo fixtures file to dir/<name> and its images/ beside it; returns the file's path. */
export function copyDemoFixtures(dir: string, name = 'fixtures.json'): string {
  const file = join(dir, name);
  copyFileSync(defaultFixturesFile, file);
  // The fixtures name their images by paths relative to the file.
  cpSync(join(dirname(defaultFixturesFile), 'images'), join(dir, 'images'), { recursive: true });
  return file;
}

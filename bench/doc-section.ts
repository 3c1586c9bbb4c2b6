/** Rewrites one `## ` section of a Markdown document (docs/performance.md: from its heading to the next `## `), or appends it. */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeDocSection(docPath: string, heading: string, body: string): void {
  const readme = readFileSync(docPath, 'utf8');
  const marker = `${heading}\n`;
  const section = `${marker}\n${body}\n`;
  const start = readme.indexOf(marker);
  let next: string;
  if (start === -1) next = `${readme.trimEnd()}\n\n${section}`;
  else {
    const after = readme.indexOf('\n## ', start + 1);
    next = readme.slice(0, start) + section + (after === -1 ? '' : readme.slice(after));
  }
  writeFileSync(docPath, next);
}

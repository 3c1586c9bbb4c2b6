import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * A module of `src/` that imports nothing, as a script the page can run: its exports on `window[global]`. So a test
 * runs the app's own code against the browser's (windowed-decode.spec, own-sounds-ogg.spec).
 */
export function pageModuleScript(path: string, global: string): string {
  const source = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  return `(function (exports) {${js}\n})(window[${JSON.stringify(global)}] = {});`;
}

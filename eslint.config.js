// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** STYLE.md's import direction, enforced. Each zone: files in `target` may not import from `from`. */
const zones = [
  // worklets: dsp imports nothing of ours; processors only dsp; nothing in worklets imports src.
  { target: './worklets/dsp', from: ['./src', './worklets/processors', './studio', './bench', './measure'], message: 'DSP kernels are pure: they import nothing of ours.' },
  { target: './worklets/processors', from: ['./src', './studio', './bench', './measure'], message: 'Processors import only worklets/dsp.' },
  // measure: the measurements the studio, bench and tests share; never shipped.
  { target: './measure', from: ['./src', './worklets', './studio', './bench', './tests'], message: 'measure/ imports nothing of ours.' },
  // stores import only lib and catalogue.
  { target: './src/stores', from: ['./src/app', './src/pages', './src/features', './src/engine', './src/workers'], message: 'Stores import only lib and catalogue.' },
  // engine: stores, lib, catalogue and worklet URLs; never React, pages, features or workers.
  { target: './src/engine', from: ['./src/app', './src/pages', './src/features'], message: 'The engine never imports UI.' },
  { target: './src/engine', from: ['./src/workers'], message: 'The engine never imports workers: it declares what it needs and startApp() hands it in.' },
  // the soundscape renderer (a file's windows, its walk, its voices) knows nothing of who plays it: the player and the layers import it, never the reverse.
  { target: './src/engine/soundscape', from: ['./src/engine/player', './src/engine/layers', './src/engine/noise', './src/engine/own-sound', './src/stores'], message: 'The soundscape renderer imports no player, layer, noise or store.' },
  // features never import pages, the app or workers (main.tsx creates the worker clients); pages never import app.
  { target: './src/features', from: ['./src/app', './src/pages'], message: 'Features do not import pages or the app shell.' },
  { target: './src/features', from: ['./src/workers'], message: 'Features never import workers: main.tsx creates the worker client and starts the service over it.' },
  { target: './src/pages', from: ['./src/app'], message: 'Pages do not import the app shell.' },
  { target: './src/lib', from: ['./src/app', './src/pages', './src/features', './src/engine', './src/stores', './src/workers'], message: 'lib is the bottom layer.' },
  { target: './src/catalogue', from: ['./src/app', './src/pages', './src/features', './src/engine', './src/stores', './src/workers'], message: 'The catalogue is data.' },
  // the app never imports the studio or the bench.
  { target: './src', from: ['./studio', './bench', './tests'], message: 'The app never imports studio/, bench/ or tests/.' },
  // One exception: the import worker of Your sounds (issue 41) measures with the studio's own BS.1770 meter and cuts segments with its chooser, shared, not copied.
  { target: './src', from: './measure', except: ['./loudness.ts', './analysis.ts', './segments.ts'], message: 'The app never imports measure/, except its loudness meter and segment chooser (in the import worker).' },
];

/** A feature never imports another feature. */
const featureIsolation = ['player', 'playlists', 'sleep-timer', 'offline', 'noise', 'stats', 'install', 'status', 'mix', 'own-sounds'].map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature never imports another feature: share through stores or the engine.',
}));

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'public', 'coverage', 'test-results', 'playwright-report', 'studio/.cache'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...featureIsolation] }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@mui/material$', message: 'Use path imports (@mui/material/Button) to keep bundles small.' }, { regex: '^@mui/icons-material$', message: 'Use path imports.' }] }],
    },
  },
  {
    // The house rule (issue 25): a file over 250 lines holds more than one job; split it by job.
    files: ['src/**/*.{ts,tsx}', 'worklets/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(react|react-dom|@mui/.*|@emotion/.*)$', message: 'The engine never imports React or MUI.' }] }],
    },
  },
  {
    files: ['worklets/dsp/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Kernels use the seeded PRNG (worklets/dsp/prng.ts).' }],
    },
  },
);

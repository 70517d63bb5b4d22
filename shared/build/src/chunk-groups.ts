// How the console's code is cut into files. Each shared module is loaded on its own by the
// federation runtime, which made one small file per library: over a slow link every file costs a
// request slot and its latency. What every page starts with (the libraries, the shell's start, the
// console kit, the small Arco form components) is one chunk and one CSS file, `console-start`.
import type { RsbuildConfig } from '@rsbuild/core';
import { ARCO_GENERATED_FOLDER, ARCO_START_STYLE_FOLDERS } from './arco';

type ChunkSplit = NonNullable<NonNullable<RsbuildConfig['performance']>['chunkSplit']>;

/** Libraries the shell loads on every start (singletons; never tree-shaken). */
const START_LIBRARIES = [
  'react-router',
  'react-router-dom',
  'i18next',
  'react-i18next',
  '@tanstack',
  'zustand',
  'axios',
  'use-sync-external-store',
  'html-parse-stringify',
  'void-elements',
  'cookie',
  'set-cookie-parser',
];

/** Small Arco components the sign-in and most forms use: in the start chunk, not a file each. */
const ARCO_FORM = ['Form', 'Grid', 'Alert', 'Card', 'Divider', 'Link'];

/**
 * The Arco components every list page renders (Empty, Pagination, Checkbox, Select and what they
 * render), one file: they load together with the first list page, and as separate shared modules
 * each repeated the others (arco imports them relatively: Pagination → Select). With Select's own
 * parts (its tag input, virtual list, view, drag and overflow helpers), which were otherwise
 * repeated in the files of Table, Pagination and Select (three copies, 12 KiB brotli each, on
 * /token) or came as small files of their own (each a request slot on a slow link). Not Table,
 * which only a wide screen renders (the kit's list loads it apart): a file of its own.
 */
const ARCO_LIST = [
  'Empty',
  'Pagination',
  'Checkbox',
  'Select',
  'Radio',
  'InputTag',
  'Tag',
  '_class/VirtualList',
  '_class/select-view',
  '_class/Draggable',
  '_class/OverflowEllipsis',
  '_util/getHighlightText',
  '_util/getHotkeyHandler',
  '_util/getStringLength',
  '_util/hooks/usePersistCallback',
  '_util/include',
];

/** Arco icons only the kit's list renders (its toolbar's filters button on a phone). */
const LIST_ICONS = ['IconFilter'];

const folders = (names: readonly string[]) =>
  names.map((name) => name.replace('/', '[\\\\/]')).join('|');

/** Arco's modules under these folders (with their styles) and the shell's module for each. */
const arcoModules = (names: readonly string[]) =>
  new RegExp(
    `[\\\\/]@arco-design[\\\\/]web-react[\\\\/]es[\\\\/](${folders(names)})([\\\\/]|\\.js$)|[\\\\/]${ARCO_GENERATED_FOLDER}[\\\\/](${names.join('|')})\\.js$`,
  );

export const SHELL_CHUNK_SPLIT: ChunkSplit = {
  strategy: 'split-by-experience',
  override: {
    cacheGroups: {
      // No generic vendor or common chunks: code two chunks have in common stays in each (a few KiB
      // of arco helpers were a file each), and the entry is one file with what it imports.
      defaultVendors: false,
      default: false,
      startLibraries: {
        // With the surfaces the shell shares in their place (shared/build/surfaces).
        test: new RegExp(
          `[\\\\/](node_modules[\\\\/](${folders(START_LIBRARIES)})|shared[\\\\/]build[\\\\/]surfaces)[\\\\/]`,
        ),
        name: 'console-start',
        chunks: 'async',
        enforce: true,
        priority: 30,
      },
      // The shell's own code (not its pages nor the phone drawer, loaded when first opened), the
      // console kit and contracts (not their zod schemas, which load with the first form, nor the
      // kit's list and quota input sub-entries, which load with the first page that renders them),
      // and the styles they import.
      startWorkspace: {
        test: /[\\/](apps[\\/]shell[\\/]src[\\/](?!pages[\\/]|layout[\\/]deferred[\\/])|shared[\\/](console-kit|contracts)[\\/]src[\\/](?!.*schemas|list[\\/]|forms[\\/]quota-input))/,
        name: 'console-start',
        chunks: 'async',
        enforce: true,
        priority: 25,
      },
      arcoForm: {
        test: arcoModules(ARCO_FORM),
        name: 'console-start',
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
      arcoList: {
        // With the kit's list itself (its table, toolbar and pagination), which only a list renders,
        // the icons only it uses, and lodash's escapeRegExp, which Select's search uses.
        test: new RegExp(
          `${arcoModules(ARCO_LIST).source}|[\\\\/]icon[\\\\/]react-icon[\\\\/](${LIST_ICONS.join('|')})[\\\\/]|[\\\\/]node_modules[\\\\/]lodash[\\\\/]escapeRegExp\\.js$|[\\\\/]shared[\\\\/]console-kit[\\\\/]src[\\\\/]list[\\\\/](?!desktop-table)`,
        ),
        name: 'arco-list',
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
      // The console's own styles and the arco styles of the start (arcoStartStylesModule). Every
      // other arco component's come with the component (arco.ts), when a page first renders it.
      startStyles: {
        test: new RegExp(
          `^(?!.*[\\\\/]@arco-design[\\\\/]).*\\.css$|[\\\\/]@arco-design[\\\\/]web-react[\\\\/]es[\\\\/](${ARCO_START_STYLE_FOLDERS.join('|')})[\\\\/](.*\\.css|style[\\\\/]css\\.js)$`,
        ),
        name: 'console-start',
        chunks: 'async',
        enforce: true,
        priority: 10,
      },
    },
  },
};

/** A remote: each exposed page is one script and one style file (small shared parts repeated). */
export const REMOTE_CHUNK_SPLIT: ChunkSplit = { strategy: 'all-in-one' };

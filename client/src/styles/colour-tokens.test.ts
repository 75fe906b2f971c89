import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const TOKENS = join(SRC, 'styles', 'tokens.css');

/** CSS's named colours; transparent and currentColor are not colours of the design and stay allowed. */
const NAMED = [
  'aqua',
  'beige',
  'black',
  'blue',
  'brown',
  'crimson',
  'cyan',
  'fuchsia',
  'gold',
  'gray',
  'green',
  'grey',
  'indigo',
  'ivory',
  'khaki',
  'lavender',
  'lime',
  'magenta',
  'maroon',
  'navy',
  'olive',
  'orange',
  'pink',
  'purple',
  'red',
  'salmon',
  'silver',
  'tan',
  'teal',
  'tomato',
  'turquoise',
  'violet',
  'wheat',
  'white',
  'yellow',
];

const LITERAL = new RegExp(
  [
    String.raw`#[0-9a-fA-F]{3,8}\b`,
    String.raw`\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(`,
    // A named colour as a value: not part of a longer name (white-space, --text-strong, .red-row).
    String.raw`(?<![-\w.$#])(?:${NAMED.join('|')})(?![-\w])`,
  ].join('|'),
  'i',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(css|tsx)$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) && path !== TOKENS ? [path] : [];
  });
}

/** Comments name colours in prose ("gains green"); only code counts. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');

/** In TSX only string literals can hold a colour; identifiers and prose in JSX text cannot paint. */
const stringsOf = (text: string) => [...text.matchAll(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g)].map((m) => m[0]).join('\n');

function colourLiterals(path: string, text: string): string[] {
  const code = withoutComments(text);
  const searched = path.endsWith('.tsx') ? stringsOf(code) : code;
  return searched
    .split('\n')
    .filter((line) => LITERAL.test(line))
    .map((line) => `${relative(SRC, path)}: ${line.trim()}`);
}

describe('colours', () => {
  it('are tokens: no colour literal in client CSS or TSX outside styles/tokens.css', () => {
    const found = sourceFiles(SRC).flatMap((path) => colourLiterals(path, readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the scan finds hex, rgb(), hsl() and named colours, and not white-space or var(--token)', () => {
    expect(colourLiterals('a.css', '.a { color: #fff; }')).toHaveLength(1);
    expect(colourLiterals('a.css', '.a { background: rgb(0 0 0 / 20%); }')).toHaveLength(1);
    expect(colourLiterals('a.css', '.a { color: hsl(10 20% 30%); }')).toHaveLength(1);
    expect(colourLiterals('a.css', '.a { border: 1px solid white; }')).toHaveLength(1);
    expect(colourLiterals('a.tsx', `<path style={{ fill: 'red' }} />`)).toHaveLength(1);
    expect(colourLiterals('a.tsx', `<path fill="#EA4335" />`)).toHaveLength(1);
    expect(colourLiterals('a.css', '.a { white-space: nowrap; color: var(--text-strong); background: transparent; }')).toEqual([]);
    expect(colourLiterals('a.css', '/* gains green */ .a { color: var(--gain); }')).toEqual([]);
    expect(colourLiterals('a.tsx', `const tone = 'gain'; // gains green, losses red`)).toEqual([]);
  });
});

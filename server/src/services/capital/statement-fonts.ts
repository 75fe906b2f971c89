import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The statement's fonts, embedded from npm packages (SIL Open Font License): Noto Sans (Latin,
 * Greek, Cyrillic), Noto Naskh Arabic and Noto Emoji (monochrome). A text is written in runs, each
 * in the first font that has its characters. What none of them has (Chinese, Japanese and Korean
 * among others: their fonts weigh tens of megabytes) is printed as a visible replacement mark, and
 * the statement says so, never as silent garbage.
 */

const require = createRequire(import.meta.url);
/** A file of a font package: those that export only their index are found beside it. */
const fileOf = (pkg: string, path: string) => join(dirname(require.resolve(pkg)), path);

export type Weight = 'regular' | 'bold';

interface Family {
  name: string;
  files: Record<Weight, string>;
  /** Written right to left (fontkit shapes a word's letters; the order of words is ours). */
  rtl?: boolean;
}

const FAMILIES: Family[] = [
  {
    name: 'NotoSans',
    files: {
      regular: fileOf('@embedpdf/fonts-latin', '../fonts/NotoSans-Regular.ttf'),
      bold: fileOf('@embedpdf/fonts-latin', '../fonts/NotoSans-Bold.ttf'),
    },
  },
  {
    name: 'NotoNaskhArabic',
    files: {
      regular: fileOf('@embedpdf/fonts-arabic', '../fonts/NotoNaskhArabic-Regular.ttf'),
      bold: fileOf('@embedpdf/fonts-arabic', '../fonts/NotoNaskhArabic-Bold.ttf'),
    },
    rtl: true,
  },
  {
    name: 'NotoEmoji',
    files: {
      regular: fileOf('@expo-google-fonts/noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'),
      bold: fileOf('@expo-google-fonts/noto-emoji', '700Bold/NotoEmoji_700Bold.ttf'),
    },
  },
];

/** The mark printed for a character no font has. */
export const MISSING_MARK = '\uFFFD';

interface LoadedFace {
  /** The name a document registers the face under. */
  id: string;
  data: Buffer;
  font: fontkit.Font;
  rtl: boolean;
}

let loaded: Record<Weight, LoadedFace[]> | undefined;

/** Each face read once per process. */
function faces(): Record<Weight, LoadedFace[]> {
  if (!loaded) {
    const load = (weight: Weight) =>
      FAMILIES.map((f) => {
        const data = readFileSync(f.files[weight]);
        return { id: `${f.name}-${weight}`, data, font: fontkit.create(data) as fontkit.Font, rtl: f.rtl ?? false };
      });
    loaded = { regular: load('regular'), bold: load('bold') };
  }
  return loaded;
}

/** The faces to register with a document (pdfkit's registerFont), and the main face of each weight. */
export function statementFaces(): { id: string; data: Buffer }[] {
  const all = faces();
  return [...all.regular, ...all.bold].map(({ id, data }) => ({ id, data }));
}

export const mainFace = (weight: Weight): string => faces()[weight][0]!.id;

export interface Run {
  /** The registered face to write it in. */
  face: string;
  text: string;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Joiners, variation selectors and skin tones ride along with the character before them. */
const isModifier = (cp: number) => cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x1f3fb && cp <= 0x1f3ff);

/**
 * A text as runs of one face each, and whether any character had to be replaced. A right-to-left
 * run keeps its words together with no-break spaces: fontkit then lays the whole run out right to
 * left, where pdfkit would place its words left to right.
 */
export function textRuns(text: string, weight: Weight): { runs: Run[]; missing: boolean } {
  const list = faces()[weight];
  const runs: (Run & { rtl: boolean })[] = [];
  let missing = false;
  const has = (face: LoadedFace, cluster: string) =>
    [...cluster].every((ch) => {
      const cp = ch.codePointAt(0)!;
      return isModifier(cp) || face.font.hasGlyphForCodePoint(cp);
    });
  for (const { segment } of graphemes.segment(text)) {
    const last = runs.at(-1);
    const lastFace = last && list.find((f) => f.id === last.face);
    // Spaces stay in the run they are in, so a right-to-left name keeps its words together.
    let face = /^\s+$/.test(segment) && lastFace && has(lastFace, segment) ? lastFace : list.find((f) => has(f, segment));
    let piece = segment;
    if (!face) {
      missing = true;
      face = list[0]!;
      piece = MISSING_MARK;
    }
    if (last && last.face === face.id) last.text += piece;
    else runs.push({ face: face.id, text: piece, rtl: face.rtl });
  }
  return {
    runs: runs.flatMap(({ face, text: t, rtl }) => {
      if (!rtl) return [{ face, text: t }];
      const [, words = '', trailing = ''] = /^(.*?)(\s*)$/su.exec(t) ?? [];
      return [{ face, text: words.replace(/ /g, '\u00a0') }, ...(trailing ? [{ face: list[0]!.id, text: trailing }] : [])];
    }),
    missing,
  };
}

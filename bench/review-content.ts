/**
 * The generated content of the `review` benchmark's spaces (`review-seed.ts`): page bodies of about 4 KB of markdown
 * (headings, paragraphs, lists, code blocks, links) and the edits of a change request, from a seeded generator, so
 * that every machine seeds the same content.
 */
import type { PageInput } from '../server/domain/content/revisions.ts';
import type { ReviewSeedSize } from './review-seed.ts';

/** A small deterministic generator (mulberry32): the same seed gives the same content on every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'account access admin agent allow api app audit backup billing branch build cache change channel client ' +
  'cluster collection commit config content context cursor dashboard data default deploy detail document domain ' +
  'draft editor endpoint entry error event export feature field file filter flow format group guide header hook ' +
  'image import index input install integration issue item key label layout limit link list local log member ' +
  'merge message method metric migration mode model module network node option order organization output owner ' +
  'page panel parameter path plan policy preview profile project queue quota record region release request ' +
  'resource response review role rule runtime schema scope search secret section server service session setting ' +
  'site source space status storage stream structure team template tenant token topic trace update upload usage ' +
  'user value version view webhook window workflow workspace'
).split(' ');

const VERBS = (
  'adds applies checks creates defines enables explains handles keeps lists lets loads maps moves names opens ' +
  'reads removes returns runs sends sets shows signs stores syncs tracks updates uses validates writes'
).split(' ');

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (word: string) =>
  /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;

function sentence(random: () => number): string {
  const words = [pick(random, WORDS), pick(random, WORDS), pick(random, VERBS)];
  const rest = 4 + Math.floor(random() * 9);
  for (let i = 0; i < rest; i++) words.push(i % 4 === 1 ? `the ${pick(random, WORDS)}` : pick(random, WORDS));
  if (random() < 0.2) words.push(`\`${pick(random, WORDS)}.${pick(random, WORDS)}\``);
  return `${capital(words.join(' '))}.`;
}

function paragraph(random: () => number, sentences = 3 + Math.floor(random() * 3)): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ');
}

function codeBlock(random: () => number): string {
  const name = pick(random, WORDS);
  const lines = [
    `const ${name} = await client.${plural(pick(random, WORDS))}.get({`,
    `  ${pick(random, WORDS)}Id: '${pick(random, WORDS)}-${Math.floor(random() * 900 + 100)}',`,
    `  limit: ${Math.floor(random() * 90 + 10)},`,
    '});',
    `for (const item of ${name}.items) {`,
    `  console.log(item.${pick(random, WORDS)}, item.${pick(random, WORDS)});`,
    '}',
  ];
  return ['```typescript', ...lines, '```'].join('\n');
}

function list(random: () => number, ordered: boolean): string {
  const count = 3 + Math.floor(random() * 4);
  return Array.from(
    { length: count },
    (_, i) => `${ordered ? `${i + 1}.` : '-'} ${capital(pick(random, WORDS))}: ${sentence(random)}`,
  ).join('\n');
}

/** A page body of about `target` characters: title, intro, then sections until long enough. */
function pageMarkdown(random: () => number, title: string, related: string[], target = 4000): string {
  const blocks = [`# ${title}`, paragraph(random)];
  let length = blocks.join('\n\n').length;
  for (let section = 0; length < target - 300; section++) {
    const added = [`## ${capital(pick(random, WORDS))} ${plural(pick(random, WORDS))}`, paragraph(random)];
    if (section % 3 === 0) added.push(list(random, section % 2 === 1));
    if (section % 3 === 1) added.push(codeBlock(random));
    if (section % 3 === 2 && related.length > 0) {
      const other = pick(random, related);
      added.push(`See [${other}](${other.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.md) for the details.`);
    }
    added.push(paragraph(random, 2));
    blocks.push(...added);
    length += added.join('\n\n').length + 2 * added.length;
  }
  return `${blocks.join('\n\n')}\n`;
}

/** Chapters of pages, titles and bodies generated. */
export function chapterInputs(
  random: () => number,
  size: Pick<ReviewSeedSize, 'chapters' | 'pagesPerChapter'>,
): PageInput[] {
  const titles = Array.from({ length: size.chapters }, (_, c) => {
    const chapter = `${capital(pick(random, WORDS))} ${plural(pick(random, WORDS))}`;
    return {
      chapter: `${String(c + 1).padStart(2, '0')} ${chapter}`,
      pages: Array.from(
        { length: size.pagesPerChapter - 1 },
        (_, p) =>
          `${capital(pick(random, VERBS).replace(/s$/, ''))} the ${pick(random, WORDS)} ${c + 1}.${p + 1}`,
      ),
    };
  });
  return titles.map(({ chapter, pages }) => ({
    title: chapter,
    markdown: pageMarkdown(random, chapter, pages),
    pages: pages.map((title) => ({
      title,
      markdown: pageMarkdown(random, title, [
        chapter,
        ...pages.filter((other) => other !== title).slice(0, 4),
      ]),
    })),
  }));
}

/**
 * An edit touching `count` paragraphs: one reworded (a sentence replaced), one extended (a sentence added), and a
 * new paragraph inserted after another; the rest of the page is left as it was.
 */
export function editMarkdown(random: () => number, markdown: string, count: number): string {
  const blocks = markdown.replace(/\n$/, '').split('\n\n');
  const paragraphs = blocks
    .map((block, index) => ({ block, index }))
    .filter(({ block, index }) => index > 0 && /^[A-Z]/.test(block) && !block.startsWith('See ['));
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, paragraphs.length))
    chosen.add(paragraphs[Math.floor(random() * paragraphs.length)]!.index);
  const out: string[] = [];
  let turn = 0;
  for (const [index, block] of blocks.entries()) {
    if (!chosen.has(index)) {
      out.push(block);
      continue;
    }
    const kind = turn++ % 3;
    if (kind === 0) {
      const sentences = block.split(/(?<=\.) /);
      sentences[Math.floor(random() * sentences.length)] = sentence(random);
      out.push(sentences.join(' '));
    } else if (kind === 1) out.push(`${block} ${sentence(random)}`);
    else out.push(block, paragraph(random, 2));
  }
  return `${out.join('\n\n')}\n`;
}

// One BGG XML API2 file → the thing items in it, or the reason it is not a thing response
// (BGG's 202 "queued" message, an <errors> body, an HTML error page, a search, collection
// or hot-list response). Values are decoded here; nothing is mapped to our model yet.

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeDescription, decodeXml } from './entities.js';
import { attr, child, childValue, children, int, num, text, type XmlNode } from './xml-tree.js';

export interface BggName {
  primary: boolean;
  value: string;
}

export interface BggLink {
  type: string;
  id: number;
  value: string;
  inbound: boolean;
}

/** suggested_numplayers row: `count` is "3" or "4+" as BGG writes it. */
export interface BggPlayerCountRow {
  count: string;
  best: number;
  recommended: number;
  notRecommended: number;
}

export interface BggPolls {
  playerCount: BggPlayerCountRow[];
  /** suggested_playerage rows: value as written ("21 and up"), votes. */
  playerAge: { value: string; votes: number }[];
  /** language_dependence rows in poll order (their `level` attribute is a global id). */
  language: { votes: number }[];
  /** The newer poll-summary: "Best with 3 players", "Recommended with 1–4 players". */
  summary: { best?: string; recommended?: string };
}

export interface BggStats {
  usersRated?: number;
  average?: number;
  stddev?: number;
  averageWeight?: number;
  numWeights?: number;
  owned?: number;
  wishing?: number;
  /** The board game subtype rank: true when BGG ranks it, false for "Not Ranked", absent when not given. */
  ranked?: boolean;
}

export interface BggItem {
  id: number;
  type: string;
  names: BggName[];
  description?: string;
  /** Box image and thumbnail, absolute http(s) URLs. */
  image?: string;
  thumbnail?: string;
  year?: number;
  minPlayers?: number;
  maxPlayers?: number;
  minPlaytime?: number;
  maxPlaytime?: number;
  playingTime?: number;
  minAge?: number;
  links: BggLink[];
  polls: BggPolls;
  stats?: BggStats;
}

export type ParsedFile = { ok: true; items: BggItem[] } | { ok: false; reason: string };

const REPEATED = new Set(['item', 'name', 'link', 'poll', 'results', 'result', 'poll-summary', 'error']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false, // decoded by entities.ts: descriptions need two layers
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

export function parseBggXml(raw: string): ParsedFile {
  const body = raw.replace(/^\uFEFF/, '').trim();
  if (body === '') return { ok: false, reason: 'empty file' };
  if (/^(<\?xml[^>]*\?>\s*)?<!doctype html/i.test(body) || /^(<\?xml[^>]*\?>\s*)?<html/i.test(body)) {
    return { ok: false, reason: 'an HTML page, not a BGG XML response' };
  }
  const valid = XMLValidator.validate(body);
  if (valid !== true) return { ok: false, reason: `not well-formed XML (line ${valid.err.line}: ${valid.err.msg})` };
  const doc = parser.parse(body) as XmlNode;
  const roots = Object.keys(doc).filter((k) => k !== '?xml');
  const rootName = roots[0] ?? '';
  const root = child(doc, rootName);
  switch (rootName) {
    case 'items':
      return parseItems(root);
    case 'message':
      return { ok: false, reason: `BGG queued the request (HTTP 202 body: "${oneLine(text(doc.message))}"); no data` };
    case 'errors':
    case 'error':
      return { ok: false, reason: `BGG error response: "${oneLine(errorMessage(root))}"` };
    case 'div':
    case 'html':
    case 'body':
      return {
        ok: false,
        reason: `an HTML error page (<${rootName}>: "${oneLine(htmlText(root))}"), not a thing response`,
      };
    default:
      return { ok: false, reason: `not a BGG thing response (root element <${rootName}>)` };
  }
}

function parseItems(root: XmlNode | undefined): ParsedFile {
  if (attr(root, 'total') !== undefined) return { ok: false, reason: 'a search response, not a thing response' };
  if (attr(root, 'totalitems') !== undefined)
    return { ok: false, reason: 'a collection response, not a thing response' };
  const nodes = children(root, 'item');
  // Hot lists have items with a rank and no type; thing items always carry their type.
  if (nodes.some((n) => attr(n, 'type') === undefined)) {
    return { ok: false, reason: 'items without a type (a hot list?), not a thing response' };
  }
  const items: BggItem[] = [];
  for (const node of nodes) {
    const item = parseItem(node);
    if (item) items.push(item);
  }
  return { ok: true, items };
}

/** An image URL as an absolute https URL: BGG's 2016 responses write `//cf.geekdo-images.com/…`. */
function imageUrl(value: string | undefined): string | undefined {
  const url = value === undefined ? '' : decodeXml(value).trim();
  if (url.startsWith('//')) return `https:${url}`;
  return /^https?:\/\/\S+$/.test(url) ? url : undefined;
}

function parseItem(node: XmlNode): BggItem | undefined {
  const id = int(attr(node, 'id'));
  const type = attr(node, 'type');
  if (id === undefined || type === undefined) return undefined;
  const description = text(node.description);
  const ratings = child(child(node, 'statistics'), 'ratings');
  return {
    id,
    type,
    names: children(node, 'name').map((n) => ({
      primary: attr(n, 'type') === 'primary',
      value: decodeDescription(attr(n, 'value') ?? '').trim(), // names are double-escaped too ("&amp;#039;")
    })),
    description: description === undefined ? undefined : decodeDescription(description).trim(),
    image: imageUrl(text(node.image)),
    thumbnail: imageUrl(text(node.thumbnail)),
    year: int(childValue(node, 'yearpublished')),
    minPlayers: int(childValue(node, 'minplayers')),
    maxPlayers: int(childValue(node, 'maxplayers')),
    minPlaytime: int(childValue(node, 'minplaytime')),
    maxPlaytime: int(childValue(node, 'maxplaytime')),
    playingTime: int(childValue(node, 'playingtime')),
    minAge: int(childValue(node, 'minage')),
    links: children(node, 'link').flatMap((l) => {
      const linkId = int(attr(l, 'id'));
      const linkType = attr(l, 'type');
      if (linkId === undefined || linkType === undefined) return [];
      return [
        {
          type: linkType,
          id: linkId,
          value: decodeDescription(attr(l, 'value') ?? '').trim(),
          inbound: attr(l, 'inbound') === 'true',
        },
      ];
    }),
    polls: parsePolls(node),
    stats: ratings ? parseStats(ratings) : undefined,
  };
}

function parsePolls(node: XmlNode): BggPolls {
  const polls: BggPolls = { playerCount: [], playerAge: [], language: [], summary: {} };
  for (const poll of children(node, 'poll')) {
    const name = attr(poll, 'name');
    const results = children(poll, 'results');
    if (name === 'suggested_numplayers') {
      for (const r of results) {
        const votes = new Map(children(r, 'result').map((x) => [attr(x, 'value'), int(attr(x, 'numvotes')) ?? 0]));
        polls.playerCount.push({
          count: (attr(r, 'numplayers') ?? '').trim(),
          best: votes.get('Best') ?? 0,
          recommended: votes.get('Recommended') ?? 0,
          notRecommended: votes.get('Not Recommended') ?? 0,
        });
      }
    } else if (name === 'suggested_playerage') {
      for (const x of children(results[0], 'result')) {
        polls.playerAge.push({ value: attr(x, 'value') ?? '', votes: int(attr(x, 'numvotes')) ?? 0 });
      }
    } else if (name === 'language_dependence') {
      for (const x of children(results[0], 'result')) polls.language.push({ votes: int(attr(x, 'numvotes')) ?? 0 });
    }
  }
  for (const summary of children(node, 'poll-summary')) {
    if (attr(summary, 'name') !== 'suggested_numplayers') continue;
    for (const r of children(summary, 'result')) {
      const name = attr(r, 'name') ?? '';
      const value = decodeXml(attr(r, 'value') ?? '');
      // BGG spells it "recommmendedwith" (three m's); accept both spellings.
      if (name === 'bestwith') polls.summary.best = value;
      else if (/^recomm+endedwith$/.test(name)) polls.summary.recommended = value;
    }
  }
  return polls;
}

function parseStats(ratings: XmlNode): BggStats {
  return {
    usersRated: int(childValue(ratings, 'usersrated')),
    average: num(childValue(ratings, 'average')),
    stddev: num(childValue(ratings, 'stddev')),
    averageWeight: num(childValue(ratings, 'averageweight')),
    numWeights: int(childValue(ratings, 'numweights')),
    owned: int(childValue(ratings, 'owned')),
    wishing: int(childValue(ratings, 'wishing')),
    ranked: boardGameRanked(ratings),
  };
}

/** BGG's overall ("boardgame" subtype) rank: a number, or "Not Ranked". */
function boardGameRanked(ratings: XmlNode): boolean | undefined {
  const rank = children(child(ratings, 'ranks'), 'rank').find(
    (r) => attr(r, 'type') === 'subtype' && attr(r, 'name') === 'boardgame',
  );
  const value = attr(rank, 'value');
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'not ranked') return false;
  const n = int(value);
  return n !== undefined && n > 0 ? true : undefined;
}

function errorMessage(root: XmlNode | undefined): string {
  const err = child(root, 'error') ?? root;
  return text(err?.message) ?? text(err) ?? 'no message';
}

function htmlText(root: XmlNode | undefined): string {
  return text(root) ?? '';
}

function oneLine(s: string | undefined): string {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 117)}…` : t;
}

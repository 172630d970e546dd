/** Node equality and the SDK's node hash (what transactions compare). */
import { createHash } from 'node:crypto';
import { keyCompare } from './keys';
import type { MaybeNode, Node } from './nodes';

export function nodesEqual(a: MaybeNode, b: MaybeNode): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.priority !== b.priority) return false;
  if (a.kind === 'leaf') return b.kind === 'leaf' && a.value === b.value;
  if (b.kind !== 'branch' || a.children.size !== b.children.size) return false;
  for (const [k, c] of a.children) {
    const o = b.children.get(k);
    if (!o || !nodesEqual(c, o)) return false;
  }
  return true;
}

/** The SDK's doubleToIEEE754String, bit for bit (it differs from the exact bits for rare values). */
function doubleToIEEE754String(v: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let s: boolean | number;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    s = 1 / v === -Infinity ? 1 : 0;
  } else {
    s = v < 0;
    v = Math.abs(v);
    if (v >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(v / Math.pow(2, 1 - bias - fbits));
    }
  }
  const bits: number[] = [];
  for (let i = fbits; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = ebits; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(s ? 1 : 0);
  bits.reverse();
  const str = bits.join('');
  let hex = '';
  for (let i = 0; i < 64; i += 8) {
    let byte = parseInt(str.substr(i, 8), 2).toString(16);
    if (byte.length === 1) byte = '0' + byte;
    hex += byte;
  }
  return hex.toLowerCase();
}

function sha1(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

function priorityHashText(p: number | string): string {
  return typeof p === 'number' ? 'number:' + doubleToIEEE754String(p) : 'string:' + p;
}

/** Priority order used by hashing: no priority first, then numbers, then strings; ties by key. */
function priorityCompare(a: [string, Node], b: [string, Node]): number {
  const pa = a[1].priority;
  const pb = b[1].priority;
  const ra = pa === null ? 0 : typeof pa === 'number' ? 1 : 2;
  const rb = pb === null ? 0 : typeof pb === 'number' ? 1 : 2;
  if (ra !== rb) return ra - rb;
  if (pa !== pb && pa !== null && pb !== null) return pa < pb ? -1 : 1;
  return keyCompare(a[0], b[0]);
}

/** The SDK's node hash (what transactions send as `h`); "" for no data. */
export function nodeHash(node: MaybeNode): string {
  if (!node) return '';
  if (node._hash !== undefined) return node._hash;
  let text = '';
  if (node.priority !== null) text += 'priority:' + priorityHashText(node.priority) + ':';
  if (node.kind === 'leaf') {
    const type = typeof node.value;
    text +=
      type +
      ':' +
      (type === 'number' ? doubleToIEEE754String(node.value as number) : String(node.value));
    node._hash = sha1(text);
  } else {
    const entries = [...node.children].sort(priorityCompare);
    for (const [k, c] of entries) {
      const h = nodeHash(c);
      if (h !== '') text += ':' + k + ':' + h;
    }
    node._hash = text === '' ? '' : sha1(text);
  }
  return node._hash;
}

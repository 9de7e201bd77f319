/**
 * A strict little XML reader for the JUnit view, so its well-formedness is checked without a new
 * dependency. It accepts only what the view should emit: one prolog, elements, attributes in double
 * quotes, text and the five predefined entities. Anything else throws, naming the offset.
 */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

// XML 1.0 Char production; anything outside cannot appear in a document, even escaped.
const CHAR = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;
const NAME = /^[A-Za-z_][\w.-]*/;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (raw.includes('<')) throw new Error(`unescaped < at ${at}`);
  return raw.replace(/&([^;]*);|&/g, (whole, name: string | undefined) => {
    const value = name === undefined ? undefined : ENTITIES[name];
    if (value === undefined) throw new Error(`bad entity ${JSON.stringify(whole)} at ${at}`);
    return value;
  });
}

export function parseXml(doc: string): XmlElement {
  if (!CHAR.test(doc)) throw new Error('character outside XML 1.0');
  const prolog = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(doc);
  if (!prolog) throw new Error('missing prolog');
  let i = prolog[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < doc.length) {
    const lt = doc.indexOf('<', i);
    const text = doc.slice(i, lt === -1 ? doc.length : lt);
    const top = stack[stack.length - 1];
    if (top) top.text += decode(text, i);
    else if (text.trim() !== '') throw new Error(`text outside the root at ${i}`);
    if (lt === -1) break;
    i = lt;
    if (doc.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.-]*)\s*>/.exec(doc.slice(i));
      const open = stack.pop();
      if (!m || !open || open.name !== m[1]) throw new Error(`mismatched close tag at ${i}`);
      i += m[0].length;
      continue;
    }
    const name = NAME.exec(doc.slice(i + 1))?.[0];
    if (!name) throw new Error(`bad tag at ${i}`);
    i += 1 + name.length;
    const attrs: Record<string, string> = {};
    for (;;) {
      const a = /^\s+([A-Za-z_][\w.-]*)="([^"]*)"/.exec(doc.slice(i));
      if (!a) break;
      const [whole, key, value] = a as unknown as [string, string, string];
      if (key in attrs) throw new Error(`duplicate attribute ${key} at ${i}`);
      attrs[key] = decode(value, i);
      i += whole.length;
    }
    const end = /^\s*(\/?)>/.exec(doc.slice(i));
    if (!end) throw new Error(`unterminated tag <${name} at ${i}`);
    i += end[0].length;
    const element: XmlElement = { name, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new Error(`second root at ${i}`);
    else root = element;
    if (end[1] !== '/') stack.push(element);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

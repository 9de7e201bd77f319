/**
 * A small well-formedness check for the JUnit files the k6 summary writes (the project has no XML
 * parser): one root, balanced tags, quoted attributes, only known entities, no forbidden characters.
 * Returns the problems found, empty when the document is well-formed.
 */
const NAME = '[A-Za-z_:][A-Za-z0-9_.:-]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);/y;
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function textProblem(text: string): string | undefined {
  if (FORBIDDEN.test(text)) return 'a character XML 1.0 forbids';
  if (text.includes('<')) return "a raw '<'";
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    ENTITY.lastIndex = i;
    if (!ENTITY.test(text)) return `an unknown entity at ${JSON.stringify(text.slice(i, i + 10))}`;
  }
  return undefined;
}

export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const token = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"]*")*)\\s*(/?)>|<!--[\\s\\S]*?-->|([^<]+)|(<)`, 'gy');
  for (let m = token.exec(body); m && m[0] !== ''; m = token.exec(body)) {
    const [, closing, name, attrs, selfClosing, text, stray] = m;
    if (stray) {
      problems.push(`malformed tag at ${JSON.stringify(body.slice(m.index, m.index + 30))}`);
      break;
    }
    if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== '') problems.push('text outside the root element');
      const p = textProblem(text);
      if (p) problems.push(`text holds ${p}`);
      continue;
    }
    if (name === undefined) continue; // a comment
    for (const a of (attrs ?? '').matchAll(/"([^"]*)"/g)) {
      const p = textProblem(a[1] ?? '');
      if (p) problems.push(`attribute of <${name}> holds ${p}`);
    }
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name);
    }
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

/** The testcases of a JUnit document: name, and whether each failed or was skipped. */
export function junitCases(xml: string): { name: string; failed: boolean; skipped: boolean }[] {
  return [...xml.matchAll(/<testcase [^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/testcase>/g)].map((m) => ({
    name: (m[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
    failed: (m[2] ?? '').includes('<failure'),
    skipped: (m[2] ?? '').includes('<skipped'),
  }));
}

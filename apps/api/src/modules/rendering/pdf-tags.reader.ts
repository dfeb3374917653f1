import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/**
 * Reads the tags of a PDF back with pdf-lib's low-level objects, for the tests (PDF/UA structure checks
 * where veraPDF cannot be installed): the structure tree in reading order and, per page, what its content
 * stream shows inside and outside marked content.
 */
export interface StructNode {
  role: string;
  ref: PDFRef | null;
  dict: PDFDict;
  /** Marked content of this element: page index and MCID. */
  content: { page: number; mcid: number }[];
  children: StructNode[];
}

export interface PageContent {
  /** Text-showing operators (Tj, TJ, ', ") in all, and those outside any marked-content sequence. */
  textOperators: number;
  untaggedText: number;
  /** The tag of each marked-content sequence with an MCID, by MCID. */
  mcids: Map<number, string>;
  /** The innermost marked-content tag around each XObject drawn (Do), e.g. Figure. */
  xobjectTags: string[];
  /** Marked-content nesting is balanced: no EMC without BDC, none left open. */
  balanced: boolean;
}

const name = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : '');

/** The structure tree under /StructTreeRoot, or null when the document is not tagged. */
export function structureTree(doc: PDFDocument): StructNode | null {
  const root = doc.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (!root) return null;
  const pages = doc.getPages().map((p) => p.ref);
  const pageIndex = (ref: PDFObject | undefined) => (ref instanceof PDFRef ? pages.indexOf(ref) : -1);
  const walk = (dict: PDFDict, ref: PDFRef | null): StructNode => {
    const node: StructNode = { role: name(dict.get(PDFName.of('S'))), ref, dict, content: [], children: [] };
    const pg = pageIndex(dict.get(PDFName.of('Pg')));
    const k = dict.get(PDFName.of('K'));
    const kids = k instanceof PDFArray ? k.asArray() : k ? [k] : [];
    for (const kid of kids) {
      if (kid instanceof PDFNumber) node.content.push({ page: pg, mcid: kid.asNumber() });
      else if (kid instanceof PDFRef) node.children.push(walk(doc.context.lookup(kid, PDFDict), kid));
      else if (kid instanceof PDFDict && name(kid.get(PDFName.of('Type'))) === 'MCR') {
        const mcid = kid.lookup(PDFName.of('MCID'), PDFNumber).asNumber();
        node.content.push({ page: pageIndex(kid.get(PDFName.of('Pg'))), mcid });
      }
    }
    return node;
  };
  const top = root.get(PDFName.of('K'));
  const document = walk(doc.context.lookup(top, PDFDict), top instanceof PDFRef ? top : null);
  return { role: 'StructTreeRoot', ref: null, dict: root, content: [], children: [document] };
}

/** Every element of the tree in reading order (depth first). */
export function flatten(node: StructNode): StructNode[] {
  return [node, ...node.children.flatMap(flatten)];
}

/** The parent tree as a map from StructParents key to the element refs by MCID. */
export function parentTree(doc: PDFDocument): Map<number, PDFObject[]> {
  const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  const nums = root.lookup(PDFName.of('ParentTree'), PDFDict).lookup(PDFName.of('Nums'), PDFArray);
  const map = new Map<number, PDFObject[]>();
  for (let i = 0; i < nums.size(); i += 2) {
    const refs = nums.lookup(i + 1, PDFArray).asArray();
    map.set(nums.lookup(i, PDFNumber).asNumber(), refs);
  }
  return map;
}

// Tokens of a content stream: dictionary brackets, hex and literal strings, names, arrays, the rest.
const TOKEN = /<<|>>|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\/[^\s/<>[\]()]*|\[|\]|[^\s/<>[\]()]+/g;
const OPERATOR = /^[A-Za-z'"][A-Za-z0-9*'"]*$/;
const TEXT_SHOWING = new Set(['Tj', 'TJ', "'", '"']);

/** Scans one page's decoded content streams. */
export function scanContent(source: string): PageContent {
  const result: PageContent = {
    textOperators: 0,
    untaggedText: 0,
    mcids: new Map(),
    xobjectTags: [],
    balanced: true,
  };
  const open: string[] = [];
  let operands: string[] = [];
  for (const token of source.match(TOKEN) ?? []) {
    if (!OPERATOR.test(token) || token === 'true' || token === 'false' || token === 'null') {
      operands.push(token);
      continue;
    }
    if (token === 'BDC' || token === 'BMC') {
      const tag = operands[0]?.slice(1) ?? '';
      open.push(tag);
      const mcid = /\/MCID\s+(\d+)/.exec(operands.join(' '));
      if (mcid) result.mcids.set(Number(mcid[1]), tag);
    } else if (token === 'EMC') {
      if (open.pop() === undefined) result.balanced = false;
    } else if (TEXT_SHOWING.has(token)) {
      result.textOperators++;
      if (open.length === 0) result.untaggedText++;
    } else if (token === 'Do') {
      result.xobjectTags.push(open.at(-1) ?? '');
    }
    operands = [];
  }
  if (open.length > 0) result.balanced = false;
  return result;
}

/** The decoded content of every page, in page order. */
export function pageContents(doc: PDFDocument): string[] {
  return doc.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    return refs
      .map((ref) => {
        const stream = doc.context.lookup(ref);
        if (!(stream instanceof PDFRawStream)) throw new Error('page content is not a stream');
        return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      })
      .join('\n');
  });
}

import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';

/**
 * A tagged PDF (PDF/UA-1, ISO 14289-1) on top of pdf-lib, which writes no tags of its own: a structure tree
 * built while painting, marked content in the page content streams tying every painted thing either to a
 * structure element (by MCID) or to an artifact, and the parent tree that maps back from content to
 * elements. No npm library adds tagging to pdf-lib (pdfkit tags, but would replace the whole renderer).
 *
 * Use: `beginPage` per page, `open`/`close` structure elements (they may span pages), wrap every drawing
 * in `content` (belongs to the open element) or `artifact`, `endPage`, and `finish` once before saving.
 */
export type StructRole = 'Document' | 'Sect' | 'H1' | 'H2' | 'P' | 'Table' | 'TR' | 'TH' | 'TD' | 'Figure';
export type ArtifactType = 'Layout' | 'Pagination';

interface Element {
  role: StructRole;
  ref: PDFRef;
  dict: PDFDict;
  kids: PDFArray;
  /** The page of the element's first content (its /Pg); content on other pages goes in as MCR dicts. */
  page: PDFRef | null;
}

const BDC = PDFOperatorNames.BeginMarkedContentSequence;
const EMC = PDFOperatorNames.EndMarkedContent;
// Names made once: PDFName.of decodes its argument on every call, and a form has hundreds of elements.
const NAME = {
  Type: PDFName.of('Type'),
  StructElem: PDFName.of('StructElem'),
  S: PDFName.of('S'),
  K: PDFName.of('K'),
  P: PDFName.of('P'),
  Pg: PDFName.of('Pg'),
  Artifact: PDFName.of('Artifact'),
};
const ROLE = new Map<StructRole, PDFName>();
const roleName = (role: StructRole) => ROLE.get(role) ?? ROLE.set(role, PDFName.of(role)).get(role)!;

export class PdfTags {
  private readonly stack: Element[];
  private readonly root: Element;
  /** Per page (its StructParents key), the element of each MCID in order. */
  private readonly parents: PDFRef[][] = [];
  private page: PDFPage | null = null;
  /** The marked-content sequence now open: consecutive drawings of one element share it. */
  private sequence: Element | ArtifactType | null = null;

  constructor(private readonly doc: PDFDocument) {
    this.root = this.element('Document', null);
    this.stack = [this.root];
  }

  beginPage(page: PDFPage) {
    this.page = page;
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(this.parents.length));
    // PDF/UA: the tab order of a page follows its structure.
    page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
    this.parents.push([]);
  }

  /** Opens a child of the innermost open element; `attributes` go on the element (e.g. /Alt). */
  open(role: StructRole, attributes: Record<string, unknown> = {}) {
    const element = this.element(role, this.top());
    for (const [key, value] of Object.entries(attributes)) {
      element.dict.set(PDFName.of(key), this.doc.context.obj(value as never));
    }
    this.stack.push(element);
  }

  close() {
    if (this.stack.length === 1) throw new Error('pdf-tags: close without open');
    this.stack.pop();
  }

  /** Drawing that belongs to the innermost open element. */
  content(draw: () => void) {
    const element = this.top();
    if (this.sequence !== element) {
      this.endSequence();
      const page = this.currentPage();
      const mcid = this.parents[this.parents.length - 1]!.push(element.ref) - 1;
      if (element.page === null) {
        element.page = page.ref;
        element.dict.set(NAME.Pg, page.ref);
      }
      // A kid on the element's own page is a bare MCID; on another page it names its page (an MCR).
      element.kids.push(
        element.page === page.ref
          ? PDFNumber.of(mcid)
          : this.doc.context.obj({ Type: 'MCR', Pg: page.ref, MCID: mcid }),
      );
      // The property list is written inline; pdf-lib types operator operands without dictionaries.
      page.pushOperators(PDFOperator.of(BDC, [roleName(element.role), `<</MCID ${mcid}>>`]));
      this.sequence = element;
    }
    draw();
  }

  /** Drawing that is not content: rules and boxes (Layout), running headers and footers (Pagination). */
  artifact(type: ArtifactType, draw: () => void) {
    if (this.sequence !== type) {
      this.endSequence();
      const properties = `<</Type /${type}>>`;
      this.currentPage().pushOperators(PDFOperator.of(BDC, [NAME.Artifact, properties]));
      this.sequence = type;
    }
    draw();
  }

  endPage() {
    this.endSequence();
    this.page = null;
  }

  /** The structure tree root, its parent tree and /MarkInfo in the catalog. */
  finish() {
    if (this.stack.length !== 1) throw new Error(`pdf-tags: ${this.stack.length - 1} element(s) left open`);
    const { context, catalog } = this.doc;
    const nums = context.obj([]);
    this.parents.forEach((refs, key) => {
      nums.push(PDFNumber.of(key));
      nums.push(context.obj(refs));
    });
    const treeRoot = context.obj({
      Type: 'StructTreeRoot',
      K: this.root.ref,
      ParentTree: context.obj({ Nums: nums }),
      ParentTreeNextKey: this.parents.length,
    });
    const treeRootRef = context.register(treeRoot);
    this.root.dict.set(NAME.P, treeRootRef);
    catalog.set(PDFName.of('StructTreeRoot'), treeRootRef);
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }

  private element(role: StructRole, parent: Element | null): Element {
    const { context } = this.doc;
    const kids = PDFArray.withContext(context);
    const dict = PDFDict.withContext(context);
    dict.set(NAME.Type, NAME.StructElem);
    dict.set(NAME.S, roleName(role));
    dict.set(NAME.K, kids);
    const ref = context.register(dict);
    if (parent) {
      dict.set(NAME.P, parent.ref);
      parent.kids.push(ref);
    }
    return { role, ref, dict, kids, page: null };
  }

  /** An attribute object registered once, for elements that share it (e.g. every row header's). */
  shared(attributes: Record<string, unknown>): PDFRef {
    return this.doc.context.register(this.doc.context.obj(attributes as never));
  }

  private top(): Element {
    return this.stack[this.stack.length - 1]!;
  }

  private currentPage(): PDFPage {
    if (!this.page) throw new Error('pdf-tags: drawing outside beginPage/endPage');
    return this.page;
  }

  private endSequence() {
    if (this.sequence !== null) this.currentPage().pushOperators(PDFOperator.of(EMC));
    this.sequence = null;
  }
}

/** Text for a PDF text string: UTF-16 hex, so Japanese survives (/Alt, /T). */
export const pdfText = (text: string) => PDFHexString.fromText(text);

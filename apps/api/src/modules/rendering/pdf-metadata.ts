import { PDFName, type PDFDocument } from 'pdf-lib';

/**
 * The document-level part of PDF/UA-1: the Info dictionary, the same facts as XMP metadata (PDF/UA reads
 * the title from dc:title and requires the pdfuaid:part identifier), the natural language and the viewer
 * showing the title rather than the file name. Deterministic: dates come from the caller.
 */
export interface DocumentFacts {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  /** Producer and creator tool. */
  producer: string;
  /** BCP 47 language of the document's text, e.g. `ja`. */
  language: string;
  date: Date;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** XMP packet (ISO 16684-1) with Dublin Core, PDF, XMP basic and PDF/UA identification properties. */
export function xmpPacket(facts: DocumentFacts): string {
  const x = (text: string) => escapeXml(text);
  const lang = x(facts.language);
  const date = facts.date.toISOString();
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${x(facts.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${x(facts.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${x(facts.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:language><rdf:Bag><rdf:li>${lang}</rdf:li></rdf:Bag></dc:language>
   <pdf:Keywords>${x(facts.keywords.join(' '))}</pdf:Keywords>
   <pdf:Producer>${x(facts.producer)}</pdf:Producer>
   <xmp:CreatorTool>${x(facts.producer)}</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <pdfuaid:part>1</pdfuaid:part>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Info dictionary, XMP metadata stream, /Lang and /DisplayDocTitle for `doc`. */
export function setDocumentFacts(doc: PDFDocument, facts: DocumentFacts) {
  doc.setTitle(facts.title, { showInWindowTitleBar: true });
  doc.setAuthor(facts.author);
  doc.setSubject(facts.subject);
  doc.setKeywords(facts.keywords);
  doc.setProducer(facts.producer);
  doc.setCreator(facts.producer);
  doc.setLanguage(facts.language);
  doc.setCreationDate(facts.date);
  doc.setModificationDate(facts.date);
  // Uncompressed, as PDF/A and most metadata readers expect of the XMP stream.
  const metadata = doc.context.stream(Buffer.from(xmpPacket(facts), 'utf8'), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
}

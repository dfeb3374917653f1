// Modules of the API reach each other through their service or policy (decision 0048); types may cross.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const MODULES = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;
/** What another module may import of a module: its service, its policy, and its wiring. */
const PUBLIC = /\.(service|policy)\.js$/;

/** A module's path relative to modules/ (`documents/documents.service.js`), or null outside them. */
function moduleFile(file) {
  const at = file.indexOf(MODULES);
  return at === -1
    ? null
    : file
        .slice(at + MODULES.length)
        .split(path.sep)
        .join('/');
}

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

export default {
  meta: {
    type: 'problem',
    docs: { description: 'API modules import values of other modules only from their service or policy' },
    schema: [{ type: 'object', properties: { known: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const from = moduleFile(context.filename);
    if (!from) return {};
    const own = from.split('/')[0];
    const knownFile = context.options[0]?.known;
    // Crossings that predate the rule, to be moved behind a service (listed so they can only shrink).
    const known = knownFile ? (JSON.parse(readFileSync(knownFile, 'utf8'))[from] ?? []) : [];
    const check = (node) => {
      if (!node.source || typeOnly(node)) return;
      const source = node.source.value;
      if (!source.startsWith('.')) return;
      const target = moduleFile(path.resolve(path.dirname(context.filename), source));
      if (!target || target.split('/')[0] === own || PUBLIC.test(target) || known.includes(target)) return;
      context.report({
        node: node.source,
        message: `${target} is inside the ${target.split('/')[0]} module: import its service or policy, or a type (decision 0048)`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

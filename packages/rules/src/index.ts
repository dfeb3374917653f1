/**
 * The rules engine of the portal: pure functions over the configuration contracts, run in the browser
 * (to show and explain) and again on the server (to decide). Compile a configuration once with
 * `compileConfiguration` and call its methods on every answer change, or use the module functions
 * (`evaluateFilter`, `evaluateAssistant`, `evaluateCategory`, `formState`, `applyPrefill`, `applyCopy`,
 * `allowedProcedures`, `dropHidden`), which compile on first use and cache per configuration object.
 * `checkConfiguration` lists broken references; evaluating a broken configuration throws
 * `RuleConfigurationError`, wrong answers throw `AnswerError`.
 */
export * from './compare.js';
export * from './answers.js';
export * from './errors.js';
export * from './explain.js';
export * from './view-rules.js';
export * from './concierge-flow.js';
export * from './form-rules.js';
export * from './form-state.js';
export * from './repeat.js';
export * from './repeat-order.js';
export * from './procedures.js';
export * from './check.js';
export { itemReferences, type ItemReference } from './item-references.js';
export * from './compile.js';
export * from './evaluate.js';
export * from './item-validation.js';
export * from './japan-date.js';
export * from './deadlines.js';
export * from './answer-keys.js';
export * from './answer-decision.js';
export * from './answer-mismatch.js';
export * from './targeting.js';
export * from './publication-check.js';

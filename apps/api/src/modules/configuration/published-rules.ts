import { compiledConfiguration, RuleConfigurationError, type CompiledConfiguration } from '@portal/rules';
import { AppError } from '../../http/errors.js';
import type { PublishedGroup } from './published-configuration.js';

/**
 * The rules of a published version, compiled once per version (versions never change): the concierge,
 * the form, submission and staff edits all read them here.
 */
export function rulesOf(group: PublishedGroup): CompiledConfiguration {
  try {
    return group.memo('rules', () => compiledConfiguration(group.config));
  } catch (err) {
    if (err instanceof RuleConfigurationError) {
      throw new AppError(
        'unavailable',
        `the configuration of procedure group ${group.config.id} is broken: ${err.message}`,
      );
    }
    throw err;
  }
}

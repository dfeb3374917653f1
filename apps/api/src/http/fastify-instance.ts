import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { unsafeTextPath } from '@portal/contracts';
import type { Config } from '../config.js';
import { redactedRequest } from '../lib/log-redaction.js';
import { clientErrorHandler } from '../plugins/client-errors.js';
import { frameworkErrors } from '../plugins/error-handler.js';
import { AppError } from './errors.js';
import { responseSerializerCompiler } from './response-serializer.js';

/** A bare Fastify instance with the portal's logger, limits and zod schemas; no plugins or routes yet. */
export function createFastify(config: Config, environment: 'production' | 'staging') {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Tokens, codes and states in addresses are replaced before a request is logged (0044).
            serializers: { req: redactedRequest },
            ...(environment === 'staging' ? { msgPrefix: '[staging] ' } : {}),
          },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    // Answers the HTTP parser's refusals (431, 400, 408) in the one error body with the API's headers.
    clientErrorHandler: clientErrorHandler(config.secureCookies),
    bodyLimit: 1024 * 1024,
    // Only trusted peers may name the client address: sign-in limits and the audit log count by it.
    trustProxy: config.trustProxy,
  });
  // Text no column can hold is refused before any schema, for every route alike (issue 13).
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => {
      const field = unsafeTextPath(data);
      if (field === null) return validate(data);
      return { error: new AppError('validation_failed', 'contains a character that is not allowed', field) };
    };
  });
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.responseCheck }));
  return app;
}

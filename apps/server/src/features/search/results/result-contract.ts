import { type SearchResult, searchResultSchema } from '@junction/domain';
import Ajv2020 from 'ajv/dist/2020.js';
import { z } from 'zod';

/**
 * The contract every supplier's result is checked against before it is stored, compiled once from the
 * domain's schema (`searchResultSchema`) into a check that works on the result itself: keys the contract
 * does not name are dropped and absent defaults filled in, as parsing with the schema would, without
 * building a second copy of every result and its legs. A schema the check could not express (a transform)
 * fails here, when the server starts, not in a search.
 */
const ajv = new Ajv2020({ removeAdditional: 'all', useDefaults: true, allErrors: false, strict: true });
const validate = ajv.compile<SearchResult>(z.toJSONSchema(searchResultSchema, { io: 'input' }));

/** A supplier's result that breaks the contract: the answer it came in fails. */
export class ContractError extends Error {}

/** The result, checked against the contract (and so changed: unknown keys dropped, defaults filled in). */
export function checkedResult(value: unknown): SearchResult {
  if (validate(value)) return value;
  throw new ContractError(`a result breaks the contract: ${ajv.errorsText(validate.errors)}`);
}

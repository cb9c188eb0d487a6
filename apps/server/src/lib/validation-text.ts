import { productIssueMessage, type RawIssue } from '@parish/shared';
import { z } from 'zod';

/**
 * Makes zod word every rule without a message of its own as the product does
 * (`productIssueMessage`, `docs/domain.md`, §5 "Validation"), for every request the server
 * checks. Idempotent; called when the app is built.
 */
export function installProductValidationText(): void {
  z.config({ customError: (issue) => productIssueMessage(issue as RawIssue) });
}

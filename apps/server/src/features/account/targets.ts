import { AppError, type Identity, isEmail } from '@junction/domain';
import { normalizeMobile } from '@junction/domain/phone';

/** A mobile number in E.164 or an e-mail address in lower case; a malformed one is refused by field. */
export function normalizeTarget(type: Identity, target: string, country = 'CN'): string {
  if (type === 'mobile') {
    const mobile = normalizeMobile(target, country);
    if (!mobile) throw new AppError('VALIDATION_FAILED', { params: { field: 'mobile', reason: 'format' } });
    return mobile;
  }
  const email = target.trim().toLowerCase();
  if (!isEmail(email)) throw new AppError('VALIDATION_FAILED', { params: { field: 'email', reason: 'format' } });
  return email;
}

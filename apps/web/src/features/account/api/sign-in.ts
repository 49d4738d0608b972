import { accountEndpoints, type CurrentUser, type EndpointBody, ERRORS } from '@junction/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { ApiError } from '../../../shared/api/api-error';
import { fetchCurrentUser } from '../../../shared/api/session';
import { useAuth } from '../../../shared/auth/auth-context';

export type LoginBody = EndpointBody<typeof accountEndpoints.login>;

/**
 * `POST /login` (spec §4, §8): 1409 (already signed in) fetches the current user and counts as success;
 * an answer without a name is not a sign-in and fails with 1001.
 */
export async function login(body: LoginBody): Promise<CurrentUser> {
  let user: CurrentUser;
  try {
    user = await callApi(accountEndpoints.login, { body });
  } catch (error) {
    if (!(error instanceof ApiError && error.errorCode === ERRORS.ALREADY_SIGNED_IN.errorCode)) throw error;
    user = await fetchCurrentUser();
  }
  if (!user.name) {
    throw new ApiError(200, { errorCode: ERRORS.LOGIN_FAILED.errorCode, errorContent: 'The answer has no user name' });
  }
  return user;
}

/** Signs in and keeps the user (spec §4); the caller decides where to go next. */
export function useLogin() {
  const { completeSignIn } = useAuth();
  return useMutation({ mutationFn: login, onSuccess: completeSignIn });
}

/** `POST /code`: a code by SMS or e-mail; the button counts down once it is sent. */
export const useSendCode = () =>
  useMutation({
    mutationFn: (body: EndpointBody<typeof accountEndpoints.sendCode>) => callApi(accountEndpoints.sendCode, { body }),
  });

import { accountEndpoints, type EndpointBody } from '@junction/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { useAuth } from '../../../shared/auth/auth-context';

export type RegisterBody = EndpointBody<typeof accountEndpoints.register>;

/** `POST /register`: signed in at once, or (e-mail without a code) waiting for the activation link. */
export function useRegister() {
  const { completeSignIn } = useAuth();
  return useMutation({
    mutationFn: (body: RegisterBody) => callApi(accountEndpoints.register, { body }),
    onSuccess: (result) => {
      if (!('pending' in result)) completeSignIn(result);
    },
  });
}

/** The activation link of an e-mail account: activates it (setting the password when asked) and signs in. */
export function useVerifyEmail() {
  const { completeSignIn } = useAuth();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof accountEndpoints.verifyEmail>) =>
      callApi(accountEndpoints.verifyEmail, { body }),
    onSuccess: completeSignIn,
    // The page shows every failure of the link itself.
    meta: { silent: true },
  });
}

export const useResendActivation = () =>
  useMutation({
    mutationFn: (body: EndpointBody<typeof accountEndpoints.resendActivation>) =>
      callApi(accountEndpoints.resendActivation, { body }),
  });

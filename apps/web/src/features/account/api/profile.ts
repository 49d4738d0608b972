import { accountEndpoints, type EndpointBody } from '@junction/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { useAuth } from '../../../shared/auth/auth-context';

/** `POST /user`: name, nickname, gender and birthday; the header shows the new name at once. */
export function useUpdateProfile() {
  const { completeSignIn } = useAuth();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof accountEndpoints.updateProfile>) =>
      callApi(accountEndpoints.updateProfile, { body }),
    onSuccess: completeSignIn,
  });
}

/** `POST /bind`: links (or changes) the mobile number or e-mail address with a code sent to it. */
export function useBind() {
  const { completeSignIn } = useAuth();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof accountEndpoints.bind>) => callApi(accountEndpoints.bind, { body }),
    onSuccess: completeSignIn,
  });
}

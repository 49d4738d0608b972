import { accountEndpoints, type EndpointBody } from '@junction/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** `POST /password/reset`: a new password with a code sent to the account. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: EndpointBody<typeof accountEndpoints.resetPassword>) =>
      callApi(accountEndpoints.resetPassword, { body }),
  });

/** `POST /password/change`: with the current password; other devices are signed out. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: EndpointBody<typeof accountEndpoints.changePassword>) =>
      callApi(accountEndpoints.changePassword, { body }),
  });

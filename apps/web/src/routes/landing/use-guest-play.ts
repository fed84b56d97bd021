import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signInAsGuest } from '../../api/auth.ts';
import { notifyError } from '../../api/notify-error.ts';

/** one click to a guest account, then on to `to` */
export function useGuestPlay(to = '/') {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signInAsGuest,
    onSuccess: () => navigate(to, { replace: true }),
    onError: (err) => notifyError(err, 'Could not start a guest game'),
  });
}

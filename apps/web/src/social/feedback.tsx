import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { notifyError } from '../api/notify-error.ts';
import { sendFeedback } from './social-api.ts';
import { useSocial } from './social-contexts.tsx';

const FeedbackForm = lazy(async () => ({ default: (await import('./feedback-form.tsx')).FeedbackForm }));

/** a link that opens the feedback form (POST /v1/feedback) */
export function FeedbackLink() {
  const social = useSocial();
  const [open, setOpen] = useState(false);
  // once opened, the form stays mounted (closed) so that it can animate out and in again
  const [opened, setOpened] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  if (!social) return null;
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await sendFeedback(social.me._id, subject.trim(), message.trim());
      notifications.show({ color: 'green', title: 'Sent', message: answer.message });
      setOpen(false);
      setSubject('');
      setMessage('');
    } catch (err) {
      notifyError(err, 'Feedback not sent');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Anchor
        component="button"
        type="button"
        fz="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Send feedback
      </Anchor>
      {/* the form (a modal, a text area) loads when it is first opened (issue 22) */}
      {opened && (
        <Suspense fallback={null}>
          <FeedbackForm
            opened={open}
            subject={subject}
            message={message}
            busy={busy}
            onSubject={setSubject}
            onMessage={setMessage}
            onSend={() => void submit()}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

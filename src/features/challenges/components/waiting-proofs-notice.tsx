import { useOnline } from '@/lib/connectivity';
import { useWaitingProofCount } from '../hooks/use-waiting-proofs';

interface WaitingProofsNoticeProps {
  /** The signed-in member, whose photos may wait on this device. */
  uid: string | undefined;
  challengeId: string;
}

/**
 * The challenge page's word on the network and the photos kept on this device until it is back
 * (docs/product.md, "Photos that wait for the network"); opening the page sends them when it can.
 */
export function WaitingProofsNotice({ uid, challengeId }: WaitingProofsNoticeProps) {
  const online = useOnline();
  const waiting = useWaitingProofCount(uid, challengeId);
  if (online && waiting === 0) return null;
  const photos = `${waiting} ${waiting === 1 ? 'photo' : 'photos'}`;
  return (
    <div role="status" className="alert alert-warning small py-2 mb-3">
      {!online && <strong>You are offline. </strong>}
      {waiting > 0 &&
        (online
          ? `${photos} saved on this phone, uploading now.`
          : `${photos} saved on this phone: ${waiting === 1 ? 'it uploads' : 'they upload'} when you're back online.`)}
      {!online &&
        waiting === 0 &&
        'Photos you take are saved on this phone until you are back online.'}
    </div>
  );
}

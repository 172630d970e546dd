import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { useReducer } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSignedInUser } from '@/lib/session';
import { useWebsiteSettings } from '../api/website-settings';
import { AuditLog } from './audit-log';
import { BannerEditor } from './banner-editor';
import { ChallengeModeration } from './challenge-moderation';
import { ProofReviewQueue } from './proof-review-queue';
import { SocialLinksEditor } from './social-links-editor';
import { UserList } from './user-list';
import { WebsiteInbox } from './website-inbox';
import { WebsiteSettings } from './website-settings';

/** admin-x: only for members whose token carries the admin claim; database.rules.json enforces the same. */
export function AdminPage() {
  const user = useSignedInUser();
  useDocumentTitle('Admin-X');
  return (
    <div className="container py-4">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb mb-1">
          <li className="breadcrumb-item">
            <Link to="/">Home</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            Admin-X
          </li>
        </ol>
      </nav>
      <h1 className="h3 mb-4">Admin-X</h1>
      {user.isAdmin ? (
        <AdminConsole adminUid={user.uid} />
      ) : (
        <Alert variant="warning" role="alert">
          <Alert.Heading as="h2" className="h5">
            You are not authorised to view this page
          </Alert.Heading>
          <p className="mb-0">
            Admin-X is for ChallangeX administrators only. If you should have access, ask an
            administrator to grant it, then log out and in again.{' '}
            <Link to="/">Back to the feed</Link>
          </p>
        </Alert>
      )}
    </div>
  );
}

function AdminConsole({ adminUid }: { adminUid: string }) {
  const settings = useWebsiteSettings();
  // Bumped after each admin action: the lists it may have changed read their page again.
  const [version, changed] = useReducer((count: number) => count + 1, 0);
  const record = settings.status === 'ready' ? settings.value : null;
  return (
    <>
      <div className="row g-4">
        <div className="col-lg-6">
          <UserList adminUid={adminUid} refresh={version} onChanged={changed} />
        </div>
        <div className="col-lg-6">
          {settings.status === 'error' && (
            <Alert variant="danger">Website settings could not be loaded.</Alert>
          )}
          {settings.status === 'loading' && (
            <p className="text-body-secondary">Loading website settings…</p>
          )}
          {record && <WebsiteSettings website={record} />}
        </div>
      </div>
      <ProofReviewQueue refresh={version} onChanged={changed} />
      <ChallengeModeration refresh={version} onChanged={changed} />
      <AuditLog refresh={version} />
      {record && (
        <>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Edit website</h2>
              <div className="row g-4">
                <div className="col-lg-6">
                  <BannerEditor current={record.banner?.val ?? ''} />
                </div>
                <div className="col-lg-6">
                  <SocialLinksEditor current={record['social-link']} />
                </div>
              </div>
            </Card.Body>
          </Card>
          <WebsiteInbox />
        </>
      )}
    </>
  );
}

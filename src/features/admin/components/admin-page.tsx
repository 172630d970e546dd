import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { useDatabaseValue } from '@/hooks/use-database';
import { useSignedInUser } from '@/lib/session';
import { dbPaths } from '@/domain/database-paths';
import type { SiteSocialLinks } from '@/domain/website-records';
import type { WebsiteSettingsRecord } from '../api/admin-records';
import { BannerEditor } from './banner-editor';
import { SocialLinksEditor } from './social-links-editor';
import { UserList } from './user-list';
import { WebsiteInbox } from './website-inbox';
import { WebsiteSettings } from './website-settings';

/** admin-x: only for members whose token carries the admin claim; database.rules.json enforces the same. */
export function AdminPage() {
  const user = useSignedInUser();
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
        <AdminConsole />
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

function AdminConsole() {
  // The two public settings records, never the whole website tree (its lists are read by page).
  const banner = useDatabaseValue<string>(dbPaths.banner);
  const socialLinks = useDatabaseValue<SiteSocialLinks>(dbPaths.socialLinks);
  const status = [banner.status, socialLinks.status].includes('error')
    ? 'error'
    : banner.status === 'ready' && socialLinks.status === 'ready'
      ? 'ready'
      : 'loading';
  const record: WebsiteSettingsRecord | null =
    status === 'ready'
      ? {
          ...(banner.value !== null && { banner: { val: banner.value } }),
          ...(socialLinks.value !== null && { 'social-link': socialLinks.value }),
        }
      : null;
  return (
    <>
      <div className="row g-4">
        <div className="col-lg-6">
          <UserList />
        </div>
        <div className="col-lg-6">
          {status === 'error' && (
            <Alert variant="danger">Website settings could not be loaded.</Alert>
          )}
          {status === 'loading' && <p className="text-body-secondary">Loading website settings…</p>}
          {status === 'ready' && <WebsiteSettings website={record} />}
        </div>
      </div>
      {status === 'ready' && (
        <>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Edit website</h2>
              <div className="row g-4">
                <div className="col-lg-6">
                  <BannerEditor current={record?.banner?.val ?? ''} />
                </div>
                <div className="col-lg-6">
                  <SocialLinksEditor current={record?.['social-link']} />
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

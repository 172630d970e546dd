import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { logout } from '@/features/auth/api/logout';
import { storageKeys, writeStored } from '@/lib/browser-storage';
import { useSession } from '@/lib/session';
import { profilePath } from '@/lib/profile-route';
import { toastError, toastSuccess } from '@/lib/toast';

const publicLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/leader-board', label: 'Leader-board' },
];

export function NavBar() {
  const { user } = useSession();
  const navigate = useNavigate();

  const onLogout = async () => {
    try {
      await logout();
      toastSuccess('Logout successfully');
      navigate('/login', { replace: true });
    } catch {
      toastError('Logout failed');
    }
  };

  const openOwnProfile = () => {
    if (!user) return;
    writeStored(storageKeys.loadProfile, user.uid);
    navigate(profilePath(user.displayName ?? user.uid, user.uid));
  };

  return (
    <Navbar expand="md" bg="dark" data-bs-theme="dark" sticky="top" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} to={user ? '/dash-board' : '/'} className="fw-bold">
          <img src="/logo.svg" alt="" width="28" height="28" className="me-2 align-text-top" />
          ChallangeX
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label="Toggle navigation" />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto" as="ul">
            {publicLinks.map((link) => (
              <Nav.Item as="li" key={link.to}>
                <Nav.Link as={NavLink} to={link.to} end={link.end} eventKey={link.to}>
                  {link.label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <Nav as="ul">
            {user === null && (
              <>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/register" eventKey="/register">
                    Register
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/login" eventKey="/login">
                    Login
                  </Nav.Link>
                </Nav.Item>
              </>
            )}
            {user && (
              <NavDropdown
                as="li"
                align="end"
                title={user.displayName ?? user.email ?? 'Member'}
                id="account-menu"
              >
                <NavDropdown.Item as="button" onClick={openOwnProfile}>
                  Profile
                </NavDropdown.Item>
                {user.isAdmin && (
                  <NavDropdown.Item as={Link} to="/admin-x">
                    Admin-X
                  </NavDropdown.Item>
                )}
                <NavDropdown.Divider />
                <NavDropdown.Item as="button" onClick={() => void onLogout()}>
                  Logout
                </NavDropdown.Item>
              </NavDropdown>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

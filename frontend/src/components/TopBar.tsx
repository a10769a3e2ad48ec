import { useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import Divider from '@mui/material/Divider';
import { revokeSession, useOwnProfile } from '../api/account';
import { ApiError } from '../api/client';
import { clearCredentials, isLoggedIn } from '../lib/auth';
import { reloadPage } from '../lib/browser';
import { MAIN_NAV, MENU_NAV } from '../lib/navigation';
import { PATHS } from '../lib/paths';
import { SITE } from '../lib/site';
import { BRAND } from '../theme';
import { useAuthDialogs } from './auth-dialogs';
import { TipsterAvatar } from './TipsterAvatar';

/** Links of a logged-in user's menu (docs/PRODUCT-RULES.md R96). */
const ACCOUNT_NAV = [
  { label: 'My Profile', to: PATHS.profile },
  { label: 'Account Settings', to: PATHS.accountSettings },
  { label: 'Dashboard', to: PATHS.dashboard },
] as const;

/**
 * Logout (docs/PRODUCT-RULES.md R124): removes the token cookie and reloads; the session is revoked
 * best effort.
 */
const logout = async (): Promise<void> => {
  await revokeSession();
  clearCredentials();
  reloadPage();
};

/**
 * Top bar: logo linking to / (docs/PRODUCT-RULES.md R97), nav links inline from md up, in a drawer
 * below; Login and Register, or the user's avatar opening the account menu. With a token cookie it
 * loads the profile; a 401 there removes the cookie (docs/PRODUCT-RULES.md R124).
 */
export const TopBar = () => {
  const [menuOpen, setMenuOpen] = useState(false);
  const dialogs = useAuthDialogs();
  const profile = useOwnProfile();
  // A 401 has removed the token cookie (reading `error` also re-renders the bar then).
  const loggedIn =
    isLoggedIn() && !(profile.error instanceof ApiError && profile.error.status === 401);
  const username = profile.data?.user.username ?? '';

  return (
    <AppBar position="sticky">
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: 1 }}>
          <Box
            component={RouterLink}
            to={PATHS.home}
            aria-label={`${SITE.brand} home`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              mr: 'auto',
            }}
          >
            <SportsSoccerIcon sx={{ color: BRAND.gold }} />
            <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
              {SITE.brand}
            </Typography>
          </Box>

          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}
          >
            {MAIN_NAV.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                color="inherit"
                sx={{ '&.active': { bgcolor: 'rgba(255, 255, 255, 0.16)' } }}
              >
                {item.label}
              </Button>
            ))}
          </Box>

          {loggedIn ? (
            <IconButton
              color="inherit"
              aria-label="Account menu"
              aria-controls={menuOpen ? 'main-menu' : undefined}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              sx={{ p: 0.5 }}
            >
              <TipsterAvatar
                username={username || '?'}
                src={profile.data?.profile.profile_image_url}
                size={32}
              />
            </IconButton>
          ) : (
            <>
              <Button color="inherit" onClick={() => dialogs.open('login')}>
                Login
              </Button>
              <Button
                variant="contained"
                color="secondary"
                onClick={() => dialogs.open('register')}
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                Register
              </Button>
            </>
          )}

          <IconButton
            color="inherit"
            edge="end"
            aria-label="Open menu"
            aria-controls={menuOpen ? 'main-menu' : undefined}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>

      <Drawer anchor="right" open={menuOpen} onClose={() => setMenuOpen(false)}>
        <Box component="nav" id="main-menu" aria-label="Menu" sx={{ width: 260 }}>
          <List>
            {MENU_NAV.map((item) => (
              <ListItemButton
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                onClick={() => setMenuOpen(false)}
                sx={{ '&.active': { color: 'primary.main', fontWeight: 700 } }}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
        <Divider />
        {loggedIn ? (
          <Box component="nav" aria-label="Account" sx={{ width: 260 }}>
            <List>
              {username ? (
                <ListItemText
                  primary={username}
                  slotProps={{ primary: { sx: { fontWeight: 700, px: 2, py: 1 } } }}
                />
              ) : null}
              {ACCOUNT_NAV.map((item) => (
                <ListItemButton
                  key={item.to}
                  component={NavLink}
                  to={item.to}
                  onClick={() => setMenuOpen(false)}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              ))}
              <ListItemButton onClick={() => void logout()}>
                <ListItemText primary="Logout" />
              </ListItemButton>
            </List>
          </Box>
        ) : (
          <List sx={{ width: 260 }}>
            <ListItemButton
              onClick={() => {
                setMenuOpen(false);
                dialogs.open('login');
              }}
            >
              <ListItemText primary="Login" />
            </ListItemButton>
            <ListItemButton
              onClick={() => {
                setMenuOpen(false);
                dialogs.open('register');
              }}
            >
              <ListItemText primary="Register" />
            </ListItemButton>
          </List>
        )}
      </Drawer>
    </AppBar>
  );
};

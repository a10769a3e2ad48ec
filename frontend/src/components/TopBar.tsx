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
import { MAIN_NAV } from '../lib/navigation';
import { PATHS } from '../lib/paths';
import { SITE } from '../lib/site';
import { BRAND } from '../theme';

/** Top bar: logo linking to / (spec §2), nav links inline from md up, in a drawer below. */
export const TopBar = () => {
  const [menuOpen, setMenuOpen] = useState(false);

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
            {MAIN_NAV.map((item) => (
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
      </Drawer>
    </AppBar>
  );
};

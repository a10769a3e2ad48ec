import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { Title } from 'react-admin';
import { api, ApiError } from '../../api/client';
import { SuccessSnackbar } from '../../components/SuccessSnackbar';
import { storeCredentials } from '../../lib/auth';
import { useMarkets, useSlipLimits } from '../../api/slips';
import type { components } from '../../api/openapi';
import type { Market, SlipLimits } from '../../api/types';
import { DASHBOARD_MESSAGES, MESSAGES, publishFailureMessage } from '../../lib/messages';
import { addGameError, priceFieldError, publishError } from '../../validation/slip-builder.rules';

/** A fixture of POST /api/manage/search-games (generated from the API's GameSearchResultDto). */
export type SearchGame = components['schemas']['GameSearchResultDto'];

interface Pick {
  game: SearchGame;
  market: Market;
  odd: string;
}

const gameName = (game: SearchGame) => `${game.home_team} vs ${game.away_team}`;

/**
 * /dashboard/add_tips (docs/PRODUCT-RULES.md R110, R125, R135, R70): search a game, pick a market,
 * the served number of games (3-5), a price, publish. The limits come from GET /api/slip/limits
 * (fetched once); the form shows once they are known. Success shows in a snackbar at the bottom of
 * the viewport that hides after 3 s (docs/PRODUCT-RULES.md R129), so the tipster sees it next to
 * the Publish button; errors show above the form.
 */
export const AddTipsPage = () => {
  const limits = useSlipLimits();
  if (limits.data) return <AddTipsForm limits={limits.data} />;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Add Tips" />
      <CardContent>
        {limits.isError ? (
          <Alert severity="error">{MESSAGES.tryAgain}</Alert>
        ) : (
          <CircularProgress size={24} aria-label="Loading the slip limits" />
        )}
      </CardContent>
    </Card>
  );
};

/** The slip builder once the limits (games, odds, price, slips per day and their messages) are known. */
const AddTipsForm = ({ limits }: { limits: SlipLimits }) => {
  const queryClient = useQueryClient();
  const [pattern, setPattern] = useState('');
  const [games, setGames] = useState<SearchGame[] | null>(null);
  const [selected, setSelected] = useState<SearchGame | null>(null);
  const [marketId, setMarketId] = useState('');
  const [picks, setPicks] = useState<Pick[]>([]);
  const [price, setPrice] = useState(String(limits.min_price_ksh));
  const [moneyBack, setMoneyBack] = useState(false);
  const [message, setMessage] = useState<{ severity: 'error'; text: string } | null>(null);
  const [published, setPublished] = useState<string | null>(null);

  const markets: Market[] = [...(useMarkets().data?.values() ?? [])];
  const canPost = useQuery({
    queryKey: ['slip', 'can-post'],
    queryFn: () => api.get('/api/slip/can-post'),
  });
  const search = useMutation({
    mutationFn: (text: string) => api.post('/api/manage/search-games', { pattern: text }),
    onSuccess: (answer) => setGames(answer.games),
  });
  const odds = useQuery({
    queryKey: ['fixtures', 'odds', selected?.id],
    queryFn: () =>
      api.get('/api/fixtures/search/fixture/odd/{gameId}', {
        path: { gameId: String(selected?.id) },
      }),
    enabled: selected !== null,
  });
  const tips = picks.map((pick) => ({ game: pick.game.id, market: pick.market.id }));
  // The total odds as the server quotes them (the browser multiplies no odds).
  const quote = useQuery({
    queryKey: ['slip', 'quote', tips],
    queryFn: () => api.post('/api/slip/quote', { tips }),
    enabled: tips.length > 0,
    retry: false,
  });
  const publish = useMutation({
    mutationFn: () =>
      api.post('/api/slip/create', {
        published: true,
        tips,
        tip_id: null,
        // The price as typed, in whole Ksh: the server reads and checks it.
        amount: price.trim(),
        // Money back if the slip loses (docs/PRODUCT-RULES.md R240, R248).
        money_back: moneyBack,
      }),
    onSuccess: (answer) => {
      setPicks([]);
      setMoneyBack(false);
      setMessage(null);
      setPublished(DASHBOARD_MESSAGES.published);
      // A first slip makes the user a tipster: keep the renewed token, and let the back office
      // re-read permissions from it (its slips, earnings and withdrawals menus).
      if (answer?.access) {
        storeCredentials(answer.access, undefined);
        void queryClient.invalidateQueries({ queryKey: ['auth'] });
      }
      void canPost.refetch();
    },
    onError: (error) => {
      const body =
        error instanceof ApiError && error.body && typeof error.body === 'object'
          ? (error.body as { error?: string; game?: string })
          : {};
      setMessage({ severity: 'error', text: publishFailureMessage(body.error, body.game) });
    },
  });

  const offered = markets
    .map((market) => ({
      market,
      odd: market.odds_key ? odds.data?.result[market.odds_key] : undefined,
    }))
    .filter((entry): entry is { market: Market; odd: string } => typeof entry.odd === 'string');

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    if (pattern.trim() === '') return;
    setSelected(null);
    search.mutate(pattern.trim());
  };

  const chooseGame = (game: SearchGame) => {
    const error = addGameError(
      limits,
      picks.map((pick) => pick.game.id),
      game.id,
    );
    if (error) {
      setMessage({ severity: 'error', text: error });
      return;
    }
    setMessage(null);
    setMarketId('');
    setSelected(game);
  };

  const addPick = () => {
    const entry = offered.find(({ market }) => String(market.id) === marketId);
    if (!selected || !entry) return;
    const error = addGameError(
      limits,
      picks.map((pick) => pick.game.id),
      selected.id,
    );
    if (error) {
      setMessage({ severity: 'error', text: error });
      return;
    }
    setPicks([...picks, { game: selected, market: entry.market, odd: entry.odd }]);
    setSelected(null);
    setMarketId('');
  };

  const priceError = priceFieldError(limits, price);
  const total = tips.length === 0 ? '-' : quote.isError ? '-' : (quote.data?.accumulator ?? '…');
  const blocked = canPost.data?.can_post === false;

  const submitPublish = () => {
    const error =
      priceError ?? publishError(limits, picks.length, quote.data?.accumulator_in_range, price);
    if (error) {
      setMessage({ severity: 'error', text: error });
      return;
    }
    setMessage(null);
    setPublished(null);
    publish.mutate();
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Add Tips" />
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Add Tips
        </Typography>
        {blocked && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {limits.messages.daily_limit}
          </Alert>
        )}
        {message && (
          <Alert severity={message.severity} sx={{ mb: 2 }} onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
        <Box component="form" onSubmit={submitSearch} sx={{ display: 'flex', gap: 1, mb: 2 }}>
          <TextField
            size="small"
            label="Search a game"
            value={pattern}
            onChange={(event) => setPattern(event.target.value)}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="outlined" loading={search.isPending}>
            Search
          </Button>
        </Box>
        {games !== null && games.length === 0 && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {DASHBOARD_MESSAGES.noGamesFound}
          </Typography>
        )}
        {games !== null && games.length > 0 && !selected && (
          <List dense aria-label="Games found">
            {games.map((game) => (
              <ListItemButton key={game.id} onClick={() => chooseGame(game)}>
                <ListItemText
                  primary={gameName(game)}
                  secondary={`${game.league} · ${new Date(game.game_date).toLocaleString('en-KE')}`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {selected && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
            <Typography sx={{ alignSelf: 'center' }}>{gameName(selected)}</Typography>
            <TextField
              select
              size="small"
              label="Market"
              value={marketId}
              onChange={(event) => setMarketId(event.target.value)}
              sx={{ minWidth: 200 }}
              disabled={odds.isPending}
            >
              {offered.map(({ market, odd }) => (
                <MenuItem key={market.id} value={String(market.id)}>
                  {`${market.type} ${market.value} @ ${odd}`}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={addPick} disabled={marketId === ''}>
              Add to slip
            </Button>
            <Button onClick={() => setSelected(null)}>Cancel</Button>
          </Stack>
        )}
        <Typography variant="subtitle1" component="h3">
          Slip ({picks.length}/{limits.max_tips})
        </Typography>
        <List dense aria-label="Slip">
          {picks.map((pick) => (
            <ListItem
              key={String(pick.game.id)}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${gameName(pick.game)}`}
                  onClick={() => setPicks(picks.filter((other) => other !== pick))}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={gameName(pick.game)}
                secondary={`${pick.market.type} ${pick.market.value} @ ${pick.odd}`}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Total odds: <span data-testid="total-odds">{total}</span>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Price (Ksh)"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            error={!!priceError}
            helperText={priceError ?? limits.messages.price_range}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={moneyBack}
                onChange={(event) => setMoneyBack(event.target.checked)}
              />
            }
            label="Money back if it loses"
          />
          <Button
            variant="contained"
            onClick={submitPublish}
            loading={publish.isPending}
            disabled={blocked}
          >
            Publish
          </Button>
        </Stack>
      </CardContent>
      <SuccessSnackbar message={published} onClose={() => setPublished(null)} />
    </Card>
  );
};

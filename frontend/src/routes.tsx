import { lazy, Suspense, useState, type ComponentType } from 'react';
import { matchRoutes, redirect, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { PageLoader } from './components/PageLoader';
import { requireTokenLoader } from './lib/auth';
import { PATHS } from './lib/paths';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { RouteErrorPage } from './pages/errors/RouteErrorPage';
import { HomePage } from './pages/home/HomePage';

/**
 * react-admin and its dependencies, fetched only when /dashboard renders: after the token check
 * has passed, so a visitor without a token is redirected without downloading it.
 */
const BackofficeApp = lazy(() =>
  import('./backoffice/BackofficeApp').then((module) => ({ default: module.BackofficeApp })),
);

/** Download of each lazily loaded page's module, by the route element that shows it (see preloadRoute). */
const pagePreloads = new WeakMap<object, () => Promise<unknown>>();

/**
 * A route page downloaded when first visited (React.lazy), so / carries only the home page.
 * `load` resolves the page module; `name` is its named export. Once the module is loaded (by
 * preloadRoute before the first render, or by an earlier visit), the page renders directly,
 * without a Suspense fallback.
 */
const lazyPage = <Module extends Record<string, unknown>>(
  load: () => Promise<Module>,
  name: keyof Module & string,
) => {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
      return loaded;
    });
  const Lazy = lazy(() => preload().then((Page) => ({ default: Page })));
  const Page = () => {
    // Decided once per mount: switching between the two trees later would remount the page.
    const [Direct] = useState(() => loaded);
    return Direct ? (
      <Direct />
    ) : (
      <Suspense fallback={<PageLoader />}>
        <Lazy />
      </Suspense>
    );
  };
  const element = <Page />;
  pagePreloads.set(element, preload);
  return element;
};

const redirectHome = () => redirect(PATHS.home);

const tips = () => import('./pages/tips/ActiveTipsPage');
const tipsTable = () => import('./pages/tips/TipsterTipsTablePage');
const tipsterActive = () => import('./pages/tips/TipsterActiveTipsPage');
const finished = () => import('./pages/tips/FinishedTipsPage');
const profile = () => import('./pages/profile/ProfilePage');
const tipsters = () => import('./pages/tipsters/TopTipstersPage');
const howRatings = () => import('./pages/tipsters/HowRatingsWorkPage');
const jackpot = () => import('./pages/jackpot/JackpotPage');
const jackpotHistory = () => import('./pages/jackpot/JackpotHistoryPage');
const buyKe = () => import('./pages/buy/BuyTipPage');
const buyFlw = () => import('./pages/buy/BuyTipFlutterwavePage');
const selectCountry = () => import('./pages/buy/SelectCountryPage');
const findTip = () => import('./pages/buy/FindTipPage');
const findTipNg = () => import('./pages/buy/FindTipNgPage');
const subscriptions = () => import('./pages/subscriptions/SubscriptionsPage');
const responsibleGambling = () => import('./pages/rg/ResponsibleGamblingPage');
const myTips = () => import('./pages/buyer/MyTipsPage');
const privacy = () => import('./pages/privacy/PrivacyPage');
const blog = () => import('./pages/blog/BlogPostPage');
const blogList = () => import('./pages/blog/BlogListPage');
const verification = () => import('./pages/account/EmailVerificationPage');
const settings = () => import('./pages/account/AccountSettingsPage');
const changePassword = () => import('./pages/account/ChangePasswordPage');
const verify = () => import('./pages/verify/VerifyPage');

/**
 * The route table: every route of docs/PRODUCT-RULES.md R95 (URLs in lib/paths.ts). Login-protected
 * routes redirect to / without a token cookie; any unknown path shows 'Page Not Found'. The back
 * office (/dashboard, login required) is a separate lazily loaded chunk so react-admin never weighs
 * on the public pages.
 */
export const routes: RouteObject[] = [
  {
    path: `${PATHS.dashboard}/*`,
    loader: requireTokenLoader,
    element: (
      <Suspense fallback={<PageLoader />}>
        <BackofficeApp />
      </Suspense>
    ),
    HydrateFallback: PageLoader,
    errorElement: <RouteErrorPage />,
  },
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'active_tips', element: lazyPage(tips, 'ActiveTipsPage') },
          { path: 'active_tips/:username', element: lazyPage(tipsTable, 'TipsterTipsTablePage') },
          {
            path: 'profile',
            loader: requireTokenLoader,
            element: lazyPage(profile, 'OwnProfilePage'),
          },
          { path: 'profile/:username', element: lazyPage(profile, 'TipsterProfilePage') },
          {
            path: 'profile/finished_tips/:username',
            element: lazyPage(finished, 'FinishedTipsPage'),
          },
          {
            path: 'profile/active_tips/:username',
            element: lazyPage(tipsterActive, 'TipsterActiveTipsPage'),
          },
          { path: 'finished_tips', element: lazyPage(finished, 'FinishedTipsPage') },
          { path: 'finished_tips/:username', element: lazyPage(finished, 'FinishedTipsPage') },
          { path: 'top_tipsters', element: lazyPage(tipsters, 'TopTipstersPage') },
          { path: 'how-ratings-work', element: lazyPage(howRatings, 'HowRatingsWorkPage') },
          { path: 'jackpot', element: lazyPage(jackpot, 'JackpotPage') },
          { path: 'jackpot/:slug', element: lazyPage(jackpot, 'JackpotPage') },
          { path: 'jackpot-history', element: lazyPage(jackpotHistory, 'JackpotHistoryPage') },
          { path: 'buy_tip', loader: redirectHome },
          { path: 'buy_tip/:slipId', element: lazyPage(buyKe, 'BuyTipPage') },
          { path: 'buy_tip_ng/:slipId', element: lazyPage(buyFlw, 'BuyTipNgPage') },
          { path: 'buy_tip_ug/:slipId', element: lazyPage(buyFlw, 'BuyTipUgPage') },
          { path: 'select-country/:slipId', element: lazyPage(selectCountry, 'SelectCountryPage') },
          { path: 'find_tip', element: lazyPage(findTip, 'FindTipPage') },
          { path: 'find_tip_ng', element: lazyPage(findTipNg, 'FindTipNgPage') },
          { path: 'subscriptions', element: lazyPage(subscriptions, 'SubscriptionsPage') },
          {
            path: 'responsible-gambling',
            element: lazyPage(responsibleGambling, 'ResponsibleGamblingPage'),
          },
          { path: 'privacy', element: lazyPage(privacy, 'PrivacyPage') },
          { path: 'my-tips', element: lazyPage(myTips, 'MyTipsPage') },
          { path: 'blog', element: lazyPage(blogList, 'BlogListPage') },
          { path: 'blog/:slug', element: lazyPage(blog, 'BlogPostPage') },
          {
            path: 'email-verification/:code',
            element: lazyPage(verification, 'EmailVerificationPage'),
          },
          {
            path: 'account_settings',
            loader: requireTokenLoader,
            element: lazyPage(settings, 'AccountSettingsPage'),
          },
          { path: 'change_password', loader: redirectHome },
          {
            path: 'change_password/:token',
            element: lazyPage(changePassword, 'ChangePasswordPage'),
          },
          { path: 'verify', element: lazyPage(verify, 'VerifyPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Downloads the lazily loaded page modules of `pathname`'s routes; resolves when they are loaded
 * (or failed: the page then loads as usual). main.tsx awaits it before the first render, so a
 * deep link such as /active_tips goes from index.html's skeleton straight to the page instead
 * of a spinner in between (docs/PERFORMANCE.md, "Slow networks").
 */
export const preloadRoute = (pathname: string): Promise<void> =>
  Promise.all(
    (matchRoutes(routes, pathname) ?? [])
      .flatMap((match) => pagePreloads.get(match.route.element as object) ?? [])
      .map((preload) => preload()),
  ).then(
    () => undefined,
    () => undefined,
  );

/**
 * Generated from the backend's OpenAPI document by `npm run api:types` (openapi-typescript).
 * Do not edit: change the backend's DTOs / @Api* decorators and run the script again.
 */
export interface paths {
    "/api/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["AccountDataController_close"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/admin/users/{username}/ban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountAdminController_ban"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/admin/users/{username}/unban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountAdminController_unban"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["AccountController_changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/email-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/my-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AccountDataController_myData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AccountController_ownProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/profile/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AccountController_publicProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountDataController_reauth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_resetPassword[0]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reset-password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_resetPassword[1]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reset-password/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_confirmReset[0]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reset-password/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_confirmReset[1]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/send-email-verification-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AccountController_sendVerification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/token/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/user/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_avatar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/user/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_details"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/verify-email-verification/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AccountController_verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backoffice/{resource}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BackofficeController_list"];
        put?: never;
        post: operations["BackofficeController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backoffice/{resource}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BackofficeController_getOne"];
        put: operations["BackofficeController_update"];
        post?: never;
        delete: operations["BackofficeController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backoffice/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BackofficeController_resources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/buyer/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["BuyerController_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/buyer/data-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["BuyerDataController_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/buyer/my-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BuyerDataController_myData"];
        put?: never;
        post?: never;
        delete: operations["BuyerDataController_erase"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/buyer/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BuyerController_purchases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/slips.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipExportController_csv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/slips.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipExportController_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finance/get_payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FinanceController_payments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finance/pending_amount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FinanceController_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finance/withdraw_request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["FinanceController_withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finance/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FinanceController_withdrawals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fixtures/search/fixture/odd/{gameId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FixturesController_odds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/geo/country": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["GeoController_country"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CacheStatsController_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/home/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HomeSlipsController_active"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/home/finished": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HomeSlipsController_finished"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/home/top-games": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TopGamesController_topGames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jackpot/get-all-jackpots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["JackpotController_all"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jackpot/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["JackpotController_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/checkpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TransparencyController_checkpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/leaves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TransparencyController_leaves"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/proof/consistency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TransparencyController_consistency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/proof/inclusion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TransparencyController_inclusion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/public-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TransparencyController_publicKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/tree-head": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TransparencyController_treeHead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/tree-heads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TransparencyController_treeHeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/find-slip-ng/{email}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipSalesController_findSlipNg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/find-slip/{phone}/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipSalesController_findSlip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/get-subscription-kind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SubscriptionController_kinds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/get-subscription-slips/{phone}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SubscriptionController_slips"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/search-games": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SearchGamesController_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["UnsubscribeController_unsubscribe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/processor/buy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipSalesController_buy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/processor/buy-flw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipSalesController_buyNg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/processor/buy-flw-ug": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipSalesController_buyUg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/processor/buy-paybill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipSalesController_buyPaybill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/processor/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SubscriptionController_subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/records/marketplace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RecordsController_marketplace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/records/tipster/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RecordsController_tipster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rg/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RgController_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rg/limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RgController_limit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rg/self-exclusion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RgController_selfExclusion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site/privacy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PrivacyController_privacy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slip/can-post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipController_canPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slip/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slip/free": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipController_free"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slip/get/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slip/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipController_limits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slip/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MarketsController_markets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slip/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SlipController_quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ussd/africastalking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["UssdController_answer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PhoneController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/daraja/b2c/{conversationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SandboxApiController_b2c"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/daraja/stk/{checkoutRequestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SandboxApiController_stk"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/daraja/stk/{checkoutRequestId}/resend-callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SandboxApiController_resendStk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SandboxApiController_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SandboxApiController_faults"];
        put?: never;
        post: operations["SandboxApiController_setFault"];
        delete: operations["SandboxApiController_clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/flutterwave/transactions/{id}/resend-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SandboxApiController_resendWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/phones/{msisdn}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PhoneController_phone"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/phones/{msisdn}/paybill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["C2bSandboxController_payBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/api/phones/{msisdn}/prompts/{checkoutRequestId}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["PhoneController_answer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/phone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PhoneController_openPhone"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/phone/{msisdn}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PhoneController_phonePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/phone/{msisdn}/paybill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["C2bSandboxController_payFromPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/phone/{msisdn}/prompts/{checkoutRequestId}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["PhoneController_answerFromPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/phone/{msisdn}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["PhoneController_replyFromPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/ussd/{msisdn}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["UssdPhoneController_dialPad"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/ussd/{msisdn}/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["UssdPhoneController_answer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/ussd/{msisdn}/dial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["UssdPhoneController_dial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/manage/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BlogController_list[0]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/manage/post/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BlogController_list[1]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/slip/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipV2Controller_active[0]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/slip/data/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipV2Controller_active[1]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/slip/data/finished": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipV2Controller_finished[0]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/slip/data/finished/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlipV2Controller_finished[1]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/tipster/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TipsterController_leaderboard[0]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api/tipster/data/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TipsterController_leaderboard[1]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ActivePageDto: {
            /** @description Absolute URL of the next page */
            next: string | null;
            num_pages: number;
            previous: string | null;
            results: components["schemas"]["SlipResponseDto"][];
        };
        AvatarResponseDto: {
            message: string;
            profile_image_url: string | null;
        };
        BanStateResponseDto: {
            banned: boolean;
            username: string;
        };
        BreakdownDto: {
            /**
             * @description 100 × won / (won + lost), percent, 2 decimals
             * @example 55.5
             */
            hit_rate: number;
            /**
             * @description League name (leagues rows)
             * @example Premier League
             */
            league?: string | null;
            /** @description League id (leagues rows) */
            league_id?: number;
            /** @description Settled legs */
            legs: number;
            lost: number;
            /**
             * @description Market type (markets rows)
             * @enum {string}
             */
            market?: "1X2" | "OU" | "BT" | "DC" | "HFT" | "CS";
            money_back: components["schemas"]["MoneyBackCountDto"];
            /**
             * @description Profit in units, 1 unit on each leg alone at its quoted odd
             * @example 3.45
             */
            profit_units: number;
            void: number;
            won: number;
        };
        BuyerCodeDto: {
            /**
             * @description Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…
             * @example 0712345678
             */
            phone: Record<string, never>;
        };
        BuyerDataCodeDto: {
            /**
             * @description Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…
             * @example 0712345678
             */
            phone: Record<string, never>;
        };
        BuyerErasureResponseDto: {
            /** @description purchases whose phone was erased now */
            erased_purchases: number;
            /** @description purchases that keep the phone (younger than the retention) */
            kept_purchases: number;
            /** @example Your phone number was erased from your older purchases */
            message: string;
            /**
             * @description purchases made after this instant keep the phone (Africa/Nairobi time)
             * @example 2024-12-05T11:00:00+03:00
             */
            retained_after: string;
        };
        BuyerPurchaseDto: {
            /**
             * @description Africa/Nairobi time
             * @example 2026-11-23T12:00:00+03:00
             */
            created_at: string;
            /**
             * @example KES
             * @enum {string}
             */
            currency: "KES" | "NGN" | "UGX";
            /**
             * @description purchase id
             * @example 1042
             */
            id: string;
            /** @enum {string} */
            kind: "slip" | "subscription";
            /**
             * @description Africa/Nairobi time; null unless paid
             * @example 2026-11-23T12:00:30+03:00
             */
            paid_at: string | null;
            /**
             * @description what was charged, in currency
             * @example 150.00
             */
            price: string;
            /**
             * @description the slip's result once settled
             * @enum {string|null}
             */
            result: "W" | "L" | "C" | null;
            /** @description picks (market_type, odd) only when paid, or once the slip is settled */
            slip: components["schemas"]["SlipResponseDto"] | null;
            slip_id: number | null;
            /**
             * @description 'refunded': paid, then refunded by a voucher (docs/PRODUCT-RULES.md R163)
             * @enum {string}
             */
            status: "pending" | "paid" | "failed" | "refunded";
            /** @description the subscription kind bought */
            subscription_type: string | null;
            /** @description the slip's tipster (username) */
            tipster: string | null;
        };
        BuyerPurchasesPageDto: {
            data: components["schemas"]["BuyerPurchaseDto"][];
            /** @description the `before` of the next page; null on the last page */
            next: string | null;
            /**
             * @description Ksh the phone may still spend with its vouchers now (server-computed)
             * @example 150.00
             */
            voucher_balance: string;
            /** @description the phone's vouchers, newest first */
            vouchers: components["schemas"]["BuyerVoucherDto"][];
        };
        BuyerReturnDto: {
            /**
             * @description Ksh: returned − paid − staked
             * @example -4630.00
             */
            net_ksh: string;
            /**
             * @description Ksh: Σ slip prices
             * @example 4500.00
             */
            paid_ksh: string;
            /**
             * @description Ksh: stake × Σ settled accumulator of won slips (+ stake back per cancelled slip)
             * @example 3870.00
             */
            returned_ksh: string;
            /** @description Settled slips counted (won, lost and cancelled) */
            slips: number;
            /**
             * @description Ksh staked on each slip
             * @example 100
             */
            stake: number;
            /**
             * @description Ksh: stake × slips
             * @example 4000.00
             */
            staked_ksh: string;
        };
        BuyerVoucherDto: {
            /**
             * @description value as issued, in currency
             * @example 150.00
             */
            amount: string;
            /**
             * @description value in Ksh: what it pays for
             * @example 150.00
             */
            amount_ksh: string;
            /**
             * @description the 12-digit code, as texted
             * @example 482177301196
             */
            code: string;
            /**
             * @example KES
             * @enum {string}
             */
            currency: "KES" | "NGN" | "UGX";
            /**
             * @description Africa/Nairobi time
             * @example 2026-12-23T12:00:00+03:00
             */
            expires_at: string;
            /** @enum {string} */
            reason: "money-back" | "void" | "undelivered" | "change";
            /**
             * @description issued = usable until expires_at
             * @enum {string}
             */
            status: "issued" | "redeemed" | "expired";
        };
        BuyFlutterwaveDto: {
            /**
             * @description Where the picks are e-mailed
             * @example ade@example.ng
             */
            email: string;
            /**
             * @description Slip id
             * @example 42
             */
            slip_id: number;
            /**
             * @description A voucher code of this e-mail (12 digits; spaces allowed): when it covers the Ksh price the slip is paid at once, with no checkout (docs/PRODUCT-RULES.md R283)
             * @example 482177301196
             */
            voucher?: string;
        };
        BuyMpesaDto: {
            /**
             * @description Sent only when the buy page's unticked marketing box was ticked: the exact text shown; the phone is opted in to marketing SMS once the prompt is sent (docs/PRODUCT-RULES.md R276). Any other text is 400.
             * @example Send me tips offers by SMS (18+). Reply STOP to opt out.
             */
            marketing_sms_consent?: string;
            /**
             * @description Kenyan phone, 9 or 10 digits (docs/PRODUCT-RULES.md R136)
             * @example 0712345678
             */
            phone: string;
            /**
             * @description Slip id
             * @example 42
             */
            slip: number;
            /**
             * @description A voucher code of this phone (12 digits; spaces allowed): when it covers the Ksh price the slip is paid at once, with no STK push (docs/PRODUCT-RULES.md R246)
             * @example 482177301196
             */
            voucher?: string;
        };
        BuyPaybillDto: {
            /**
             * @description Kenyan phone, 9 or 10 digits (docs/PRODUCT-RULES.md R136); the picks are sent to it
             * @example 0712345678
             */
            phone: string;
            /**
             * @description Slip id
             * @example 42
             */
            slip: number;
        };
        CanPostResponseDto: {
            can_post: boolean;
            /** @description Slips still allowed this Nairobi day */
            remaining: number;
        };
        ChangePasswordDto: {
            new_password: string;
            old_password: string;
        };
        CheckoutLinkResponseDto: {
            /** @example https://checkout.flutterwave.com/v3/hosted/pay/abc */
            link?: string;
            /** @example Paid with voucher */
            message?: string;
        };
        CloseAccountDto: {
            /**
             * @description the word 'DELETE', typed by the user
             * @example DELETE
             */
            confirmation: Record<string, never>;
            /** @description the account's password */
            password: Record<string, never>;
        };
        CloseAccountResponseDto: {
            /** @example Your account is closed */
            message: string;
            /**
             * @description the name the account's slips and records are shown under
             * @example deleted tipster
             */
            shown_as: string;
            /**
             * @description Ksh left in the ledger below the minimum withdrawal; 0.00 for none
             * @example 12.00
             */
            unclaimed_balance: string;
        };
        ClvDto: {
            /** @description Legs with closing odds */
            legs: number;
            /**
             * @description Mean over those legs of quoted ÷ closing odd of the same selection, 4 decimals; null with none
             * @example 1.0213
             */
            mean: number | null;
            /** @description Legs without closing odds */
            without_closing: number;
        };
        ConsistencyProofDto: {
            first: number;
            /** @description RFC 6962 consistency proof, base64 (empty when first is 0 or equals second) */
            hashes: string[];
            second: number;
        };
        CreateSlipDto: Record<string, never>;
        DashDto: {
            rating: number;
        };
        EmailLoginDto: {
            /** @example kevo@example.com */
            email: string;
            password: string;
        };
        ExportLegDto: {
            /** @example Chelsea */
            away_team: string;
            /** @description Closing decimal odd of the same selection; null when not stored */
            closing_odd: string | null;
            /**
             * @description Fixture id
             * @example 1035
             */
            fixture: string;
            /** @example Arsenal */
            home_team: string;
            /** @example HOME WIN */
            market: string | null;
            /**
             * @description Market id of the catalogue (the pick)
             * @example 1
             */
            market_id: number;
            /** @example 1X2 */
            market_type: string | null;
            /**
             * @description Decimal odd quoted at publishing
             * @example 1.85
             */
            quoted_odd: string;
            /** @enum {string|null} */
            result: "W" | "L" | "V" | null;
            /** @example 2-1 */
            score: string | null;
        };
        ExportSlipDto: {
            /**
             * @description Quoted total decimal odds
             * @example 3.61
             */
            accumulator: string;
            /** @description SHA-256 commitment made at publishing, 64 hex */
            commitment: string | null;
            /** @description Earliest kick-off of its games, Nairobi ISO */
            first_kickoff: string | null;
            id: number;
            legs: components["schemas"]["ExportLegDto"][] | null;
            /** @description The slip's leaf index in the transparency log (/api/log), null while not logged */
            log_index: number | null;
            /**
             * @description Path of its inclusion proof against the first signed, time-stamped tree head containing it
             * @example /api/log/proof/inclusion?index=17
             */
            log_proof: string | null;
            /**
             * @description Ksh
             * @example 100
             */
            price_ksh: number;
            /**
             * @description Publish time, Nairobi ISO
             * @example 2026-04-19T10:00:00+03:00
             */
            published_at: string;
            /** @enum {string} */
            status: "on_sale" | "won" | "lost" | "cancelled";
            /** @example otieno_tips */
            tipster: string;
        };
        FaultDto: {
            remaining: number;
            status: number;
            target: string;
        };
        FinanceSummaryDto: {
            account_balance: string;
            /** @description Whether the balance reaches the Ksh 500 withdrawal minimum (the withdraw dialog opens only then) */
            can_withdraw: boolean;
            month_earnings: string;
            /** @example 120.00 */
            pending_amount: string;
            today_earnings: string;
            total_earnings: string;
            /**
             * @description What a withdraw request takes now: the whole balance in whole Ksh, '0.00' under Ksh 500
             * @example 1250.00
             */
            withdrawable_amount: string;
        };
        FinishedPageDto: {
            count: number;
            next: string | null;
            num_pages: number;
            results: components["schemas"]["SlipResponseDto"][];
        };
        FoundTipDto: {
            /** @example Arsenal v Chelsea */
            Game: string;
            /** @example Premier League */
            League: string;
            /** @example HOME WIN */
            Tip: string;
        };
        FreeTipDto: {
            fixture: components["schemas"]["FreeTipFixtureDto"];
            m_market: components["schemas"]["FreeTipMarketDto"];
        };
        FreeTipFixtureDto: {
            away_team: string;
            game_date: string;
            home_team: string;
            league: string;
        };
        FreeTipMarketDto: {
            /** @example 1X2 */
            type: string;
            /** @example HOME WIN */
            value: string;
        };
        FreeTipsResponseDto: {
            data: components["schemas"]["FreeTipDto"][];
        };
        GameOddsResponseDto: {
            /**
             * @example {
             *       "home_win": "1.85",
             *       "over_2_5": "1.90"
             *     }
             */
            result: {
                [key: string]: string;
            };
        };
        GameSearchResultDto: {
            away_team: string;
            /** @description Kick-off, Nairobi ISO time */
            game_date: string;
            home_team: string;
            id: number;
            league: string;
        };
        HomeSlipsResponseDto: {
            slips: components["schemas"]["SlipResponseDto"][];
        };
        InboxMessageDto: {
            /** @description ISO-8601 instant */
            at: string;
            body: string;
            from: string;
        };
        InclusionProofDto: {
            /** @description RFC 6962 audit path, leaf to root, base64 */
            hashes: string[];
            leaf: string;
            /** @description SHA-256(0x00 || leaf), base64 */
            leaf_hash: string;
            leaf_index: number;
            slip_id: number;
            /** @description The signed tree head of tree_size, when one is stored (always without ?size=: the first head containing the leaf) */
            tree_head: components["schemas"]["TreeHeadDto"] | null;
            tree_size: number;
        };
        JackpotDto: {
            /**
             * @description SP (SportPesa) or BT (Betika)
             * @enum {string}
             */
            company: "SP" | "BT";
            description: string;
            /** @description Earliest kick-off still to come, Nairobi ISO time */
            next_match: string | null;
            /**
             * @description Ksh
             * @example 199.00
             */
            price: string;
            /**
             * @description Once every game is decided: tips won / tips counted, void games apart ('11/16 (1 void)'); null while games remain
             * @example 11/17
             */
            score: string | null;
            slip: components["schemas"]["SlipResponseDto"];
            title: string;
            /**
             * @description Total odds
             * @example 8123.40
             */
            todaysOdd: string;
            /**
             * @description MG (Mega) or MW (Mid Week)
             * @enum {string}
             */
            type: "MG" | "MW";
        };
        JackpotHistoryItemDto: {
            /** @enum {string} */
            company: "SP" | "BT";
            /** @description Tips counted (void games left out) */
            counted: number;
            /** @description Earliest kick-off of its games, Nairobi ISO time */
            first_kickoff: string | null;
            /** @description Number of games */
            games: number;
            /** @description Jackpot id (cursor for `before`) */
            id: number;
            /**
             * @description Tips won / tips counted, void games left out of both ('11/16 (1 void)')
             * @example 11/17
             */
            score: string;
            /**
             * @description /jackpot/{slug} page segment
             * @example sportpesa-mega-jackpot
             */
            slug: string;
            title: string;
            /** @enum {string} */
            type: "MG" | "MW";
            /** @description Void games */
            void: number;
            /** @description Tips won */
            won: number;
        };
        JackpotHistoryResponseDto: {
            data: components["schemas"]["JackpotHistoryItemDto"][];
            /** @description Pass as `before` for the next page; null on the last page */
            next_before: number | null;
        };
        JackpotsResponseDto: {
            data: components["schemas"]["JackpotDto"][];
        };
        LeaderboardPageDto: {
            next: string | null;
            results: components["schemas"]["LeaderboardRowDto"][];
        };
        LeaderboardRowDto: {
            average_odds: number;
            lost: number;
            profile_image: string | null;
            profit: number;
            rating: number;
            roi: number;
            tips: number;
            username: string;
            won: number;
        };
        LegTotalsDto: {
            legs: number;
            lost: number;
            /** @description Units, 1 unit on each leg */
            profit_units: number;
            void: number;
            won: number;
        };
        LogLeafDto: {
            /** @example 0 */
            index: number;
            /**
             * @description The leaf: v1|slip:<slip id>|commitment:<the slip's SHA-256 commitment, 64 hex>
             * @example v1|slip:4521|commitment:3f1c…
             */
            leaf: string;
            /** @example 4521 */
            slip_id: number;
        };
        LogLeavesDto: {
            /** @description End (exclusive) of the leaves answered: at most start + 1000 and the log size */
            end: number;
            leaves: components["schemas"]["LogLeafDto"][];
            start: number;
        };
        LogPublicKeyDto: {
            /** @enum {string} */
            algorithm: "Ed25519";
            /**
             * @description Key id: the first 4 bytes of SHA-256(origin || "\n" || 0x01 || public key), hex
             * @example cc63115c
             */
            key_id: string;
            /**
             * @description The checkpoints' origin line and the signature's key name
             * @example localhost/tipske-log
             */
            origin: string;
            /** @description The raw 32-byte Ed25519 public key, base64 */
            public_key: string;
            /** @description Verifier key in Go's note format, <origin>+<key id>+<base64(0x01 || public key)> */
            verifier_key: string;
        };
        MarketDto: {
            id: number;
            /**
             * @description Key of the market in the odds answer
             * @example home_win
             */
            odds_key: string;
            /** @example 1X2 */
            type: string;
            /** @example HOME WIN */
            value: string;
        };
        MarketplaceRecordDto: {
            /**
             * @description Percent of won + lost slips that won, 2 decimals
             * @example 41.27
             */
            hit_rate: number;
            lost: number;
            /** @description Won + lost slips */
            settled: number;
            /** @description Cancelled slips (every leg void) */
            void: number;
            won: number;
        };
        MarketsResponseDto: {
            markets: components["schemas"]["MarketDto"][];
        };
        MessageResponse: {
            /** @example Request Sent */
            message: string;
        };
        MoneyBackCountDto: {
            /**
             * @description Of those, the slips that lost: their buyers got the price back as a voucher (R244)
             * @example 1
             */
            refunded: number;
            /**
             * @description Settled money-back slips (docs/PRODUCT-RULES.md R240); in a breakdown row, those with a leg in the row
             * @example 4
             */
            slips: number;
        };
        OutboundViewDto: {
            attempts: number;
            body: string;
            created_at: string | null;
            id: number;
            /** @example daraja.stk */
            kind: string;
            last_error: string | null;
            last_status: number | null;
            reference: string;
            /** @enum {string} */
            state: "pending" | "delivered" | "gave_up";
            url: string;
        };
        OwnProfileDetailsDto: {
            city: string;
            /** @enum {string} */
            country: "KE" | "NG" | "UG";
            email_verified: boolean;
            monthly_rating: number;
            phone_number: string | null;
            profile_image_url: string | null;
            subscribed: boolean;
        };
        OwnProfileResponseDto: {
            active_tips: components["schemas"]["SlipResponseDto"][];
            dash: components["schemas"]["DashDto"];
            figures: components["schemas"]["ProfileFiguresDto"];
            finished_tips: components["schemas"]["SlipResponseDto"][];
            profile: components["schemas"]["OwnProfileDetailsDto"];
            /** @description [tips, won, lost, rating] */
            stats: number[];
            stats2: components["schemas"]["WeekRatingDto"];
            user: components["schemas"]["OwnProfileUserDto"];
        };
        OwnProfileUserDto: {
            email: string;
            first_name: string;
            username: string;
        };
        PayBillDto: {
            /**
             * @description Account number
             * @example ACD3FG7K
             */
            account: string;
            /**
             * @description Whole Ksh
             * @example 50
             */
            amount: string;
            /**
             * @description Business number
             * @example 600984
             */
            business: string;
            /**
             * @description Any 4 digits
             * @example 1234
             */
            pin?: string;
        };
        PaybillReferenceResponseDto: {
            /**
             * @description Account number: the reference bound to this phone and slip
             * @example ACD3FG7K
             */
            account: string;
            /**
             * @description Ksh to pay, exactly (2 decimals)
             * @example 50.00
             */
            amount: string;
            /**
             * @description The reference is refused after this instant (24 h)
             * @example 2026-06-02T09:00:00.000Z
             */
            expires_at: string;
            /**
             * @description Business number (MPESA_PAYBILL)
             * @example 600984
             */
            paybill: string;
        };
        PayBillResultDto: {
            /**
             * @description The validation answer's ResultCode
             * @example 0
             */
            resultCode: string;
            /** @example Accepted */
            resultDesc: string;
            /** @enum {string} */
            status: "paid" | "refused";
            /** @example RKTQDM7W6S */
            transId: string;
        };
        PaymentRowDto: {
            amount: string;
            /** @description ISO-8601 instant */
            date: string;
            id: number;
            slip: number | null;
            /** @description W pending, P paid, other unpaid */
            status: string;
        };
        PaymentsPageDto: {
            count: number;
            /** @description Absolute URL of the next page */
            next: string | null;
            num_pages: number;
            payments: components["schemas"]["PaymentRowDto"][];
        };
        PersonalDataDocumentDto: {
            /** @description marketing consents */
            consents: {
                [key: string]: unknown;
            }[];
            /** @description password-reset links and e-mail codes, without hashes (accounts only) */
            credentials?: {
                [key: string]: unknown;
            }[];
            /** @description e-mails sent */
            emails: {
                [key: string]: unknown;
            }[];
            /** @example tips-personal-data/1 */
            format: string;
            /**
             * @description Africa/Nairobi time
             * @example 2026-12-05T11:00:00+03:00
             */
            generated_at: string;
            /** @description ledger rows (accounts only) */
            ledger?: {
                [key: string]: unknown;
            }[];
            /** @description deliveries of bought picks */
            picks_deliveries: {
                [key: string]: unknown;
            }[];
            /** @description the account row (accounts only) */
            profile?: {
                [key: string]: unknown;
            };
            /** @description purchases made with the phone or e-mail */
            purchases: {
                [key: string]: unknown;
            }[];
            /** @description one-time codes sent, without the codes */
            rg_codes: {
                [key: string]: unknown;
            }[];
            /** @description spend caps and self-exclusion */
            rg_limits: {
                [key: string]: unknown;
            }[];
            /** @description sales of the account's slips, without the buyers' contacts (accounts only) */
            sales?: {
                [key: string]: unknown;
            }[];
            /** @description login sessions, without tokens (accounts only) */
            sessions?: {
                [key: string]: unknown;
            }[];
            /** @description slips with their tips (accounts only) */
            slips?: {
                [key: string]: unknown;
            }[];
            /** @description SMS sent */
            sms: {
                [key: string]: unknown;
            }[];
            /** @description {kind: 'account', user_id} or {kind: 'phone', phone} */
            subject: {
                [key: string]: unknown;
            };
            subscriptions: {
                [key: string]: unknown;
            }[];
            /** @description paybill money that matched no purchase */
            unmatched_payments: {
                [key: string]: unknown;
            }[];
            /** @description withdrawals with their payment parts (accounts only) */
            withdrawals?: {
                [key: string]: unknown;
            }[];
        };
        PhoneReplyDto: {
            /** @example STOP */
            text: string;
        };
        PhoneViewDto: {
            messages: components["schemas"]["InboxMessageDto"][];
            msisdn: string;
            prompts: components["schemas"]["PromptViewDto"][];
        };
        PostListResponseDto: {
            count: number;
            results: components["schemas"]["PublicPostDto"][];
        };
        PrivacyControllerDto: {
            /**
             * @description Where to write to exercise a right (PRIVACY_CONTACT_EMAIL)
             * @example privacy@tips.local
             */
            contact_email: string;
            /**
             * @description The data controller (PRIVACY_CONTROLLER_NAME)
             * @example TipsKE Marketplace
             */
            name: string;
        };
        PrivacyNoticeDto: {
            /** @example If we do not answer within 30 days you may complain to Kenya's Office of the Data Protection Commissioner (odpc.go.ke). */
            complaints: string;
            controller: components["schemas"]["PrivacyControllerDto"];
            purposes: components["schemas"]["PrivacyPurposeDto"][];
            retention: components["schemas"]["PrivacyRetentionDto"][];
            rights: components["schemas"]["PrivacyRightDto"][];
        };
        PrivacyPurposeDto: {
            /** @example Access logs: IP address and the page requested */
            data: string;
            /** @example Keep the service secure and find faults. */
            purpose: string;
        };
        PrivacyRetentionDto: {
            /** @example Text of the SMS we sent you (picks, codes, vouchers, receipts) */
            data: string;
            /**
             * @description The period in days, when it is counted in days
             * @example 90
             */
            days: number | null;
            /**
             * @description The period in calendar months, when it is counted in months
             * @example null
             */
            months: number | null;
            /**
             * @description The period as the page shows it (from the RETENTION_* settings), or a sentence when no fixed period applies
             * @example 90 days
             */
            period: string;
        };
        PrivacyRightDto: {
            /** @example Reply STOP to any marketing SMS, or open the unsubscribe link in a marketing e-mail. */
            how: string;
            /** @enum {string} */
            right: "export" | "deletion" | "correction" | "stop";
            /** @example Stop marketing */
            title: string;
        };
        ProfileFiguresDto: {
            /**
             * @description Mean total odds of the settled slips, 2 decimals
             * @example 3.12
             */
            average_odds: number;
            /**
             * @description Profit in units, 1 unit staked per settled slip (W: settled accumulator − 1, L: −1), all time, 2 decimals
             * @example 12.5
             */
            profit: number;
            /** @description The profit curve over the latest 100 settled slips, oldest first: each point the all-time cumulative profit after that slip, the last equal to profit */
            profit_series: components["schemas"]["ProfitPointDto"][];
            /**
             * @description ROI percent: profit / settled × 100, 2 decimals
             * @example 8.33
             */
            roi: number;
            /**
             * @description Settled slips: won + lost (cancelled slips excluded), all time
             * @example 150
             */
            settled: number;
        };
        ProfileUserDto: {
            first_name: string;
            username: string;
        };
        ProfitPointDto: {
            /**
             * @description When the slip settled (ISO-8601)
             * @example 2026-11-22T15:04:05.000Z
             */
            date: string;
            /**
             * @description The tipster's cumulative profit after this slip, units (1 staked per slip), 2 decimals
             * @example 12.5
             */
            profit: number;
        };
        PromptAnswerDto: {
            /** @description false: do not send the callback (reconciliation tests) */
            callback?: boolean;
            /**
             * @description M-Pesa PIN (accept only)
             * @example 1234
             */
            pin?: string;
        };
        PromptAnswerResultDto: {
            checkoutRequestId: string;
            /** @description M-Pesa receipt, when accepted */
            receipt?: string;
            resultCode: number;
            resultDesc: string;
            /** @example accepted */
            status: string;
        };
        PromptViewDto: {
            accountReference: string;
            /**
             * @description Ksh
             * @example 200.00
             */
            amount: string;
            businessShortCode: string;
            checkoutRequestId: string;
            merchant: string;
            merchantRequestId: string;
            transactionDesc: string | null;
        };
        PublicPostDto: {
            author: string;
            /** @description Sanitised HTML */
            content: string;
            /** @description ISO-8601 UTC instant */
            date_created: string;
            overview: string;
            slug: string;
            thumbnail: string | null;
            title: string;
        };
        PublicProfileDetailsDto: {
            city: string;
            /** @enum {string} */
            country: "KE" | "NG" | "UG";
            email_verified: boolean;
            monthly_rating: number;
            profile_image_url: string | null;
            subscribed: boolean;
        };
        PublicProfileResponseDto: {
            active_tips: components["schemas"]["SlipResponseDto"][];
            dash: components["schemas"]["DashDto"];
            figures: components["schemas"]["ProfileFiguresDto"];
            finished_tips: components["schemas"]["SlipResponseDto"][];
            profile: components["schemas"]["PublicProfileDetailsDto"];
            /** @description [tips, won, lost, rating] */
            stats: number[];
            stats2: components["schemas"]["WeekRatingDto"];
            user: components["schemas"]["ProfileUserDto"];
        };
        PublishedSlipResponseDto: {
            /** @description A renewed access token (role tipster) after a user's first slip */
            access?: string;
            id: number;
            /** @example Successfully Published Tips */
            message: string;
        };
        QuotedTipDto: {
            /** @description Fixture id */
            game: number;
            /** @description Market id */
            market: number;
            /**
             * @description The fixture's current odd for the market, as publishing would quote it
             * @example 1.85
             */
            odd: string;
        };
        QuoteSlipDto: {
            /** @description 1 to 5 tips, each game at most once */
            tips?: components["schemas"]["QuoteTipDto"][];
        };
        QuoteTipDto: {
            /** @description Fixture id */
            game: number;
            /** @description Market id */
            market: number;
        };
        ReauthDto: {
            /** @description the account's password */
            password: Record<string, never>;
        };
        ReauthResponseDto: {
            /**
             * @description ISO-8601 instant the proof stops working
             * @example 2026-12-05T09:05:00.000Z
             */
            expires_at: string;
            /** @description pass as `proof` to GET /api/account/my-data */
            proof: string;
        };
        RefreshTokenDto: {
            refresh?: string;
        };
        RegisterDto: {
            /**
             * @default KE
             * @enum {string}
             */
            country: "KE" | "NG" | "UG" | "TZ";
            /** @example kevo@example.com */
            email: string;
            /**
             * @description Sent only when the unticked marketing box was ticked: the exact text shown next to it; the phone is then opted in to marketing SMS (docs/PRODUCT-RULES.md R276). Any other text is 400.
             * @example Send me tips offers by SMS (18+). Reply STOP to opt out.
             */
            marketing_sms_consent?: string;
            /** @example correct horse */
            password: string;
            /**
             * @description exactly 10 digits
             * @example 0712345678
             */
            phone_number: string;
            /**
             * @description 3-30 letters, digits, _ or .; unique ignoring case
             * @example kevo_tips
             */
            username: string;
        };
        RegisterResponseDto: {
            /** @description Refresh JWT (30 days) */
            refresh: string;
            /** @description Access JWT (15 minutes) */
            token: string;
        };
        ResetPasswordConfirmDto: {
            password: string;
            /** @description the token of the /change_password/{token} link */
            token: string;
        };
        ResetPasswordRequestDto: {
            /** @example kevo@example.com */
            email: string;
        };
        ResultSourceDto: {
            /** @enum {string} */
            kind: "football-data" | "api-football";
            /**
             * @description football-data: file name and match date; api-football: the fixture id
             * @example E0-2025-26.csv 2026-04-19
             */
            ref: string;
        };
        RgCodeDto: {
            /**
             * @description Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…
             * @example 0712345678
             */
            phone: Record<string, never>;
        };
        RgLimitDto: {
            /**
             * @description the 6-digit code of POST /api/rg/code
             * @example 123456
             */
            code: Record<string, never>;
            /**
             * @description whole Ksh per Africa/Nairobi day, 0-1,000,000; lower at once, higher after 24 h
             * @example 500
             */
            daily_cap_ksh: Record<string, never>;
            /**
             * @description Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…
             * @example 0712345678
             */
            phone: Record<string, never>;
        };
        RgSelfExclusionDto: {
            /**
             * @description the 6-digit code of POST /api/rg/code
             * @example 123456
             */
            code: Record<string, never>;
            /**
             * @description one month, six months or one year; cannot be lifted early
             * @example 6m
             * @enum {string}
             */
            period: "1m" | "6m" | "1y";
            /**
             * @description Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…
             * @example 0712345678
             */
            phone: Record<string, never>;
        };
        RgViewDto: {
            /**
             * @description cap in force, Ksh per Africa/Nairobi day
             * @example 500.00
             */
            daily_cap_ksh: string | null;
            /**
             * Format: date-time
             * @description buying refused until then
             */
            excluded_until: string | null;
            /** Format: date-time */
            next_cap_from: string | null;
            /**
             * @description a raised cap waiting for next_cap_from
             * @example 900.00
             */
            next_cap_ksh: string | null;
            /** @example 254712345678 */
            phone: string;
        };
        SearchGamesDto: {
            /** @example arsenal */
            pattern: string;
        };
        SearchGamesResponseDto: {
            games: components["schemas"]["GameSearchResultDto"][];
        };
        SetFaultDto: {
            /** @example 1 */
            count: number;
            /**
             * @description HTTP status to answer (0: drop a callback)
             * @example 500
             */
            status?: number;
            /**
             * @description Sandbox endpoint or callback to fail
             * @example daraja.stkpush
             */
            target: string;
        };
        SlipLimitMessagesDto: {
            /** @example Can't Post more than 2 tips */
            daily_limit: string;
            /** @example Game already in slip */
            duplicate_game: string;
            /** @example Price range Ksh. [50-1000] */
            price_range: string;
            /**
             * @description The price field above the maximum
             * @example Max Amount: 1000
             */
            price_too_high: string;
            /** @example Publish at least '3' tip */
            too_few_tips: string;
            /** @example Maximum number of 5 games reached */
            too_many_tips: string;
            /** @example Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0 */
            total_odds: string;
        };
        SlipLimitsResponseDto: {
            /**
             * @description Price, maximum, whole Ksh
             * @example 1000
             */
            max_price_ksh: number;
            /**
             * @description Slips a tipster may publish per Nairobi day
             * @example 2
             */
            max_slips_per_day: number;
            /**
             * @description Games per slip, maximum
             * @example 5
             */
            max_tips: number;
            /**
             * @description Total odds, maximum (decimal string, inclusive)
             * @example 100.00
             */
            max_total_odds: string;
            messages: components["schemas"]["SlipLimitMessagesDto"];
            /**
             * @description Price, minimum, whole Ksh
             * @example 50
             */
            min_price_ksh: number;
            /**
             * @description Games per slip, minimum
             * @example 3
             */
            min_tips: number;
            /**
             * @description Total odds, minimum (decimal string, inclusive)
             * @example 1.60
             */
            min_total_odds: string;
        };
        SlipMetaDto: {
            profile_image: string | null;
            /**
             * @description The tipster's profit in units (1 unit staked per settled slip), 2 decimals
             * @example 3.45
             */
            profit: number;
            /** @description The tipster's rating (percent) */
            rating: number;
            /**
             * @description ROI percent = profit ÷ settled × 100, 2 decimals
             * @example 8.63
             */
            roi: number;
            /** @description The tipster's settled (won + lost) slips */
            settled: number;
        };
        SlipQuoteResponseDto: {
            /**
             * @description Total odds: product of the quoted odds truncated to 2 decimals
             * @example 4.32
             */
            accumulator: string;
            /** @description Whether the total odds lie within the publishable range (1.60 to 100.00) */
            accumulator_in_range: boolean;
            tips: components["schemas"]["QuotedTipDto"][];
        };
        SlipResponseDto: {
            /**
             * @description Total odds, decimal string
             * @example 4.52
             */
            accumulator: string;
            /**
             * @description SHA-256 (64 hex) of the canonical form of the picks and a per-slip salt, fixed at publishing (docs/PRODUCT-RULES.md "Records and responsible gambling")
             * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
             */
            commitment: string | null;
            /**
             * @description The canonical string the commitment hashes, only once the slip is finished: v1|slip:<id>|<fixture>:<market>:<odd>|…|salt:<salt>, picks by fixture id
             * @example v1|slip:42|101:1:1.85|102:4:2.10|salt:…
             */
            commitment_input?: string;
            /** @description ISO-8601 instant */
            date_created: string;
            id: number;
            jackpot: boolean;
            meta: components["schemas"]["SlipMetaDto"];
            /** @description Money back: a buyer of this slip gets a voucher of the price paid when it loses (docs/PRODUCT-RULES.md R240, R244) */
            money_back: boolean;
            /** @description Ksh */
            price: number;
            /** @description NGN: what buy-flw charges (NGN_PER_KSH × price) */
            price_ng: number;
            /** @description UGX: what buy-flw-ug charges (UGX_PER_KSH × price) */
            price_ug: number;
            /** @description The per-slip salt (64 hex), only once the slip is finished */
            salt?: string;
            /** @enum {string|null} */
            slip_result: "W" | "L" | "C" | null;
            tips: components["schemas"]["TipResponseDto"][];
            user: components["schemas"]["SlipUserDto"];
            /**
             * @description Code to buy the slip by in the USSD menu: the slip id followed by a Luhn check digit (docs/PRODUCT-RULES.md R176)
             * @example 422
             */
            ussd_code: string;
        };
        SlipUserDto: {
            username: string;
        };
        StreaksDto: {
            /**
             * @description +n won in a row, −n lost in a row (cancelled slips skipped)
             * @example -2
             */
            current: number;
            /**
             * @description Last 10 settled slips, oldest first
             * @example WWLWLCWLLW
             */
            last10: string;
            longest_losing: number;
            /**
             * @description Largest fall of cumulative profit from a peak, units
             * @example 4.2
             */
            max_drawdown_units: number;
        };
        SubscribeDto: {
            /** @example 30 */
            days?: Record<string, never>;
            /** @example 0712345678 */
            phone: Record<string, never>;
            /** @example silver */
            type: Record<string, never>;
        };
        SubscriptionKindDto: {
            /** @description 1000 means lifetime */
            days: number;
            description: string;
            /**
             * @description Ksh
             * @example 300.00
             */
            price: string;
            title: string;
            /** @example gold */
            type: string;
        };
        SubscriptionKindsResponseDto: {
            bronze: components["schemas"]["SubscriptionKindDto"];
            gold: components["schemas"]["SubscriptionKindDto"];
            silver: components["schemas"]["SubscriptionKindDto"];
        };
        SubscriptionSlipsResponseDto: {
            data: components["schemas"]["SlipResponseDto"][];
        };
        TipResponseDto: {
            /** @example Chelsea */
            away_team: string;
            /** @description Fixture id */
            fixture: number;
            /** @description Kick-off, Nairobi ISO time */
            game_date: string | null;
            /**
             * @description 'h-a' once the game has a score
             * @example 2-1
             */
            game_result: string | null;
            /** @example Arsenal */
            home_team: string;
            /** @example Premier League */
            league: string;
            /** @description Market id (hidden until the picks may be shown) */
            market_type?: number;
            /**
             * @description Decimal odd (hidden until the picks may be shown)
             * @example 1.85
             */
            odd?: string;
            /** @enum {string|null} */
            result: "W" | "L" | "V" | null;
            /** @description Once the slip is finished: where the score came from (null when not recorded) */
            result_source?: components["schemas"]["ResultSourceDto"] | null;
            /**
             * @description Once the slip is finished, on void legs (result V): why the leg is void
             * @example Match postponed
             */
            void_reason?: string;
        };
        TipsterRecordDto: {
            buyer_return: components["schemas"]["BuyerReturnDto"];
            clv: components["schemas"]["ClvDto"];
            /** @description Percent, 2 decimals */
            hit_rate: number;
            leagues: components["schemas"]["BreakdownDto"][];
            legs: components["schemas"]["LegTotalsDto"];
            lost: number;
            markets: components["schemas"]["BreakdownDto"][];
            /** @description Money-back slips of the tipster and how many were refunded (docs/PRODUCT-RULES.md R279) */
            money_back: components["schemas"]["MoneyBackCountDto"];
            /** @description Units, 1 unit a slip */
            profit_units: number;
            /** @description The spec's rating, percent */
            rating: number;
            /** @description Percent */
            roi: number;
            /** @description Won + lost slips */
            settled: number;
            streaks: components["schemas"]["StreaksDto"];
            trust_rating: components["schemas"]["TrustRatingDto"];
            username: string;
            /** @description Cancelled slips (every leg void) */
            void: number;
            won: number;
        };
        TokenPairDto: {
            /** @description Access JWT (15 minutes) */
            access: string;
            /** @description Refresh JWT (30 days), rotated on every refresh */
            refresh: string;
        };
        TopGameDto: {
            away_goals: number | null;
            away_team: string;
            game_date: string;
            game_status_time: string | null;
            home_goals: number | null;
            home_team: string;
            league: string;
            /** @description How many slips tip this game */
            tips: number;
        };
        TopGamesResponseDto: {
            games: components["schemas"]["TopGameDto"][];
        };
        TreeHeadDto: {
            /**
             * @description C2SP checkpoint as a signed note: origin, tree size and base64 root lines, a blank line, then "— <origin> <base64(key id || Ed25519 signature)>"
             * @example localhost/tipske-log
             *     1234
             *     XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=
             *
             *     — localhost/tipske-log zGMRXM…
             */
            checkpoint: string;
            /** @description RFC 6962 root hash of the first tree_size leaves, base64 */
            root_hash: string;
            /** @description When the head was signed, ISO UTC */
            signed_at: string;
            /** @description null until the TSA has answered (the next run tries again) */
            timestamp: components["schemas"]["TreeHeadTimestampDto"] | null;
            /** @example 1234 */
            tree_size: number;
        };
        TreeHeadSizesDto: {
            /** @description Sizes of the stored tree heads, newest first, at most 100 */
            sizes: number[];
        };
        TreeHeadTimestampDto: {
            /** @description The TSA's genTime, ISO UTC */
            gen_time: string | null;
            /** @description RFC 3161 TimeStampToken (DER CMS ContentInfo), base64; its message imprint is SHA-256 of `checkpoint` */
            token: string;
            /** @description The TSA that issued the token */
            tsa_url: string | null;
        };
        TrustRatingDto: {
            /** @example /how-ratings-work */
            method: string;
            /**
             * @description Wilson lower bound (z = 1.96) on the slip hit rate, percent; null below 30 settled slips
             * @example 48.78
             */
            value: number | null;
        };
        UnsubscribeResultDto: {
            /** @enum {string} */
            channel: "sms" | "email";
            /** @example You will receive no more marketing messages on this channel */
            message: string;
        };
        UserDetailsDto: {
            city?: string;
            name?: string;
        };
        UserDetailsResponseDto: {
            city: string;
            first_name: string;
            /** @example Saved */
            message: string;
        };
        UssdAnswerFormDto: {
            /** @example 2 */
            answer: string;
            /** @example ATUid_0f3a… */
            sessionId: string;
            /**
             * @description The answers so far joined by '*'
             * @example 1
             */
            text: string;
        };
        UssdDialFormDto: {
            /** @example *384*123# */
            code: string;
        };
        UssdRequestDto: {
            /**
             * @description Safaricom 63902, Airtel 63903
             * @example 63902
             */
            networkCode?: string;
            /** @example +254711082123 */
            phoneNumber: string;
            /** @example *384*123# */
            serviceCode: string;
            /** @example ATUid_8ab2f0c1e7d34b6e */
            sessionId: string;
            /**
             * @description The answers so far joined by '*'; empty on the first request
             * @example 1*2
             */
            text: string;
        };
        VerificationSentResponseDto: {
            email: string;
            message: string;
        };
        VisitorCountryResponse: {
            /**
             * @description The visitor's sale country by IP; Kenya when the IP is elsewhere or unknown.
             * @enum {string}
             */
            country: "KE" | "NG" | "UG";
        };
        WeekRatingDto: {
            week_rating: number;
        };
        WithdrawalRequestedDto: {
            message: string;
            withdrawal: components["schemas"]["WithdrawalRowDto"];
        };
        WithdrawalRowDto: {
            amount: string;
            /**
             * @description Balance of the withdrawal: amount − total_paid, Ksh
             * @example 0.00
             */
            balance: string;
            date: string;
            id: number;
            /** @example 254712345678 */
            phone_number: string;
            /** @description P pending, W paid, other unpaid */
            status: string;
            total_paid: string;
        };
        WithdrawalsPageDto: {
            count: number;
            /** @description Absolute URL of the next page */
            next: string | null;
            num_pages: number;
            withdrawals: components["schemas"]["WithdrawalRowDto"][];
        };
        WithdrawRequestDto: {
            /**
             * @description M-Pesa phone, 9 or 10 digits (docs/PRODUCT-RULES.md R136)
             * @example 0712345678
             */
            phone_number: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AccountDataController_close: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CloseAccountDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CloseAccountResponseDto"];
                };
            };
        };
    };
    AccountAdminController_ban: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BanStateResponseDto"];
                };
            };
        };
    };
    AccountAdminController_unban: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BanStateResponseDto"];
                };
            };
        };
    };
    AccountController_changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    AccountController_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailLoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
        };
    };
    AccountController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshTokenDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    AccountDataController_myData: {
        parameters: {
            query: {
                /** @description the proof of POST /api/account/reauth (5 minutes) */
                proof: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalDataDocumentDto"];
                };
            };
        };
    };
    AccountController_ownProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnProfileResponseDto"];
                };
            };
        };
    };
    AccountController_publicProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfileResponseDto"];
                };
            };
        };
    };
    AccountDataController_reauth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReauthResponseDto"];
                };
            };
        };
    };
    AccountController_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisterResponseDto"];
                };
            };
        };
    };
    "AccountController_resetPassword[0]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    "AccountController_resetPassword[1]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    "AccountController_confirmReset[0]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordConfirmDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    "AccountController_confirmReset[1]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordConfirmDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    AccountController_sendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationSentResponseDto"];
                };
            };
        };
    };
    AccountController_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshTokenDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
        };
    };
    AccountController_avatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    profile_image?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvatarResponseDto"];
                };
            };
        };
    };
    AccountController_details: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserDetailsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDetailsResponseDto"];
                };
            };
        };
    };
    AccountController_verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    BackofficeController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                resource: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of records; total in Content-Range */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ({
                        id: number | string;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        };
    };
    BackofficeController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                resource: string;
            };
            cookie?: never;
        };
        /** @description The new record's fields (the resource's create DTO) */
        requestBody: {
            content: {
                "application/json": {
                    id: number | string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number | string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    BackofficeController_getOne: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                resource: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number | string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    BackofficeController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                resource: string;
            };
            cookie?: never;
        };
        /** @description The fields to change (the resource's update DTO) */
        requestBody: {
            content: {
                "application/json": {
                    id: number | string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number | string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    BackofficeController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                resource: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record as it was */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number | string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    BackofficeController_resources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every back-office resource, in menu registration order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Body fields POST accepts; null: 405 */
                        create: string[] | null;
                        defaultSort: {
                            field: string;
                            /** @enum {string} */
                            order: "ASC" | "DESC";
                        };
                        /** @description false: DELETE answers 405 */
                        delete: boolean;
                        /** @description Wire field → what lists may do with it; anything else answers 400 in sort or filter */
                        fields: {
                            [key: string]: {
                                filter: ("eq" | "ilike" | "in" | "gte" | "lte")[];
                                sortable: boolean;
                                /** @enum {string} */
                                type: "int" | "bigint" | "numeric" | "text" | "bool" | "date";
                            };
                        };
                        /** @example id */
                        idField: string;
                        /** @example posts */
                        name: string;
                        /** @description admin always passes */
                        roles: ("user" | "tipster" | "admin")[];
                        /** @description Fields searched by filter={"q":...}; empty: no q */
                        search: string[];
                        /** @description Body fields PUT accepts; null: 405 */
                        update: string[] | null;
                    }[];
                };
            };
        };
    };
    BuyerController_code: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuyerCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    BuyerDataController_code: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuyerDataCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    BuyerDataController_myData: {
        parameters: {
            query: {
                /** @description the 6-digit code of POST /api/buyer/data-code */
                code: unknown;
                phone: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalDataDocumentDto"];
                };
            };
        };
    };
    BuyerDataController_erase: {
        parameters: {
            query: {
                /** @description the 6-digit code of POST /api/buyer/data-code */
                code: unknown;
                phone: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuyerErasureResponseDto"];
                };
            };
        };
    };
    BuyerController_purchases: {
        parameters: {
            query: {
                /** @description the `next` of the previous page */
                before?: unknown;
                /** @description the 6-digit code of POST /api/buyer/code (good for 10 minutes, for every page) */
                code: unknown;
                /** @description the phone the code was sent to */
                phone: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuyerPurchasesPageDto"];
                };
            };
        };
    };
    SlipExportController_csv: {
        parameters: {
            query?: {
                /** @description Published on or after this Africa/Nairobi day, YYYY-MM-DD */
                from?: string;
                /** @description Only this tipster's slips (username) */
                tipster?: string;
                /** @description Published on or before this Africa/Nairobi day, YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV, RFC 4180: slip_id,tipster,published_at,first_kickoff,price_ksh,accumulator,status,leg,fixture,home_team,away_team,market_id,market_type,market,quoted_odd,closing_odd,result,score,commitment,log_index */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description {message}: from/to not YYYY-MM-DD, or from after to */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SlipExportController_json: {
        parameters: {
            query?: {
                /** @description Published on or after this Africa/Nairobi day, YYYY-MM-DD */
                from?: string;
                /** @description Only this tipster's slips (username) */
                tipster?: string;
                /** @description Published on or before this Africa/Nairobi day, YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSlipDto"][];
                };
            };
            /** @description {message}: from/to not YYYY-MM-DD, or from after to */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FinanceController_payments: {
        parameters: {
            query: {
                p: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentsPageDto"];
                };
            };
        };
    };
    FinanceController_summary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceSummaryDto"];
                };
            };
        };
    };
    FinanceController_withdraw: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalRequestedDto"];
                };
            };
        };
    };
    FinanceController_withdrawals: {
        parameters: {
            query: {
                p: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalsPageDto"];
                };
            };
        };
    };
    FixturesController_odds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                gameId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameOddsResponseDto"];
                };
            };
        };
    };
    GeoController_country: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitorCountryResponse"];
                };
            };
        };
    };
    HealthController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Health Check is successful */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        /** @example {} */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /** @example ok */
                        status?: string;
                    };
                };
            };
            /** @description The Health Check is not successful */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       },
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        /**
                         * @example {
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /** @example error */
                        status?: string;
                    };
                };
            };
        };
    };
    CacheStatsController_stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counters of every in-process cache (hits, misses...) by cache name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        caches: {
                            [key: string]: {
                                [key: string]: number;
                            };
                        };
                        pid: number;
                    };
                };
            };
        };
    };
    HomeSlipsController_active: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HomeSlipsResponseDto"];
                };
            };
        };
    };
    HomeSlipsController_finished: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HomeSlipsResponseDto"];
                };
            };
        };
    };
    TopGamesController_topGames: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopGamesResponseDto"];
                };
            };
        };
    };
    JackpotController_all: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JackpotsResponseDto"];
                };
            };
        };
    };
    JackpotController_history: {
        parameters: {
            query?: {
                /** @description Jackpot id: rounds entered before it (next_before of the previous page) */
                before?: string;
                company?: "SP" | "BT";
                /** @description Rounds per page, 1-50 (default 20) */
                limit?: string;
                type?: "MG" | "MW";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JackpotHistoryResponseDto"];
                };
            };
            /** @description { message } for an unknown company or type, a bad before or a limit outside 1-50 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransparencyController_checkpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest checkpoint, a C2SP signed note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description {message}: no tree head signed yet */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransparencyController_leaves: {
        parameters: {
            query: {
                /** @description End leaf index (exclusive); cut to start + 1000 and to the log size */
                end: string;
                /** @description First leaf index */
                start: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogLeavesDto"];
                };
            };
            /** @description {message}: missing or not whole numbers, end not above start, start not below the log size */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransparencyController_consistency: {
        parameters: {
            query: {
                /** @description The earlier tree size */
                first: string;
                /** @description The later tree size, at most the log size */
                second: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsistencyProofDto"];
                };
            };
            /** @description {message}: missing or not whole numbers, first above second, second above the log size */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransparencyController_inclusion: {
        parameters: {
            query?: {
                /** @description Leaf index (give index or slip) */
                index?: string;
                /** @description Tree size; default the first signed tree head that contains the leaf (the earliest time-stamped) */
                size?: string;
                /** @description Slip id (give index or slip) */
                slip?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InclusionProofDto"];
                };
            };
            /** @description {message}: bad or missing parameters, index not below size or the log size, size above the log size */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description {message}: slip not in the log, or not yet under a signed tree head */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransparencyController_publicKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogPublicKeyDto"];
                };
            };
        };
    };
    TransparencyController_treeHead: {
        parameters: {
            query?: {
                /** @description Tree size of a stored head; default the newest */
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TreeHeadDto"];
                };
            };
            /** @description {message}: size is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description {message}: no tree head of that size (or none yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransparencyController_treeHeads: {
        parameters: {
            query?: {
                /** @description Only sizes below this one */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TreeHeadSizesDto"];
                };
            };
            /** @description {message}: before is not a whole number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SlipSalesController_findSlipNg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FoundTipDto"][];
                };
            };
        };
    };
    SlipSalesController_findSlip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
                phone: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FoundTipDto"][];
                };
            };
        };
    };
    SubscriptionController_kinds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionKindsResponseDto"];
                };
            };
        };
    };
    SubscriptionController_slips: {
        parameters: {
            query: {
                /** @description Purchase code from the subscription SMS, or the M-Pesa receipt */
                code: string;
            };
            header?: never;
            path: {
                phone: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionSlipsResponseDto"];
                };
            };
        };
    };
    SearchGamesController_search: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchGamesDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchGamesResponseDto"];
                };
            };
        };
    };
    UnsubscribeController_unsubscribe: {
        parameters: {
            query: {
                /** @description The signed token of the link */
                token: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsubscribeResultDto"];
                };
            };
        };
    };
    SlipSalesController_buy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuyMpesaDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    SlipSalesController_buyNg: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuyFlutterwaveDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutLinkResponseDto"];
                };
            };
        };
    };
    SlipSalesController_buyUg: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuyFlutterwaveDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutLinkResponseDto"];
                };
            };
        };
    };
    SlipSalesController_buyPaybill: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuyPaybillDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaybillReferenceResponseDto"];
                };
            };
        };
    };
    SubscriptionController_subscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscribeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    RecordsController_marketplace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketplaceRecordDto"];
                };
            };
        };
    };
    RecordsController_tipster: {
        parameters: {
            query?: {
                /** @description Whole Ksh staked on each slip for buyer_return (1-1000000, default 100) */
                stake?: string;
            };
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TipsterRecordDto"];
                };
            };
            /** @description { message } for a stake that is not whole Ksh 1-1000000 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description { message: "User not found" } */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RgController_code: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RgCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    RgController_limit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RgLimitDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RgViewDto"];
                };
            };
        };
    };
    RgController_selfExclusion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RgSelfExclusionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RgViewDto"];
                };
            };
        };
    };
    PrivacyController_privacy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivacyNoticeDto"];
                };
            };
        };
    };
    SlipController_canPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CanPostResponseDto"];
                };
            };
        };
    };
    SlipController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSlipDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedSlipResponseDto"];
                };
            };
        };
    };
    SlipController_free: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FreeTipsResponseDto"];
                };
            };
        };
    };
    SlipController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlipResponseDto"];
                };
            };
        };
    };
    SlipController_limits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlipLimitsResponseDto"];
                };
            };
        };
    };
    MarketsController_markets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketsResponseDto"];
                };
            };
        };
    };
    SlipController_quote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteSlipDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlipQuoteResponseDto"];
                };
            };
        };
    };
    UssdController_answer: {
        parameters: {
            query?: {
                /** @description USSD_CALLBACK_KEY */
                key?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["UssdRequestDto"];
            };
        };
        responses: {
            /** @description CON … (menu goes on) or END … (session ends), at most 182 characters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Wrong or missing key, or an address outside USSD_ALLOWED_IPS */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PhoneController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Index: recent phones, checkouts, STK pushes and B2C payouts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    SandboxApiController_b2c: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The B2C payment as the sandbox holds it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    SandboxApiController_stk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                checkoutRequestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The STK push as the sandbox holds it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    SandboxApiController_resendStk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                checkoutRequestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    SandboxApiController_deliveries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboundViewDto"][];
                };
            };
        };
    };
    SandboxApiController_faults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultDto"][];
                };
            };
        };
    };
    SandboxApiController_setFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetFaultDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultDto"];
                };
            };
        };
    };
    SandboxApiController_clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every fault cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SandboxApiController_resendWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
        };
    };
    PhoneController_phone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneViewDto"];
                };
            };
        };
    };
    C2bSandboxController_payBill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayBillDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayBillResultDto"];
                };
            };
        };
    };
    PhoneController_answer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action: string;
                checkoutRequestId: string;
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PromptAnswerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptAnswerResultDto"];
                };
            };
        };
    };
    PhoneController_openPhone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /sandbox/phone/{msisdn} */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not a phone number (HTML page) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PhoneController_phonePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The phone page: prompts and SMS inbox */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    C2bSandboxController_payFromPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PayBillDto"];
            };
        };
        responses: {
            /** @description Back to the phone page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PhoneController_answerFromPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action: string;
                checkoutRequestId: string;
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PromptAnswerDto"];
            };
        };
        responses: {
            /** @description Back to the phone page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PhoneController_replyFromPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PhoneReplyDto"];
            };
        };
        responses: {
            /** @description Back to the phone page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UssdPhoneController_dialPad: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox USSD phone: dial the service code */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    UssdPhoneController_answer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["UssdAnswerFormDto"];
            };
        };
        responses: {
            /** @description The next screen of the session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    UssdPhoneController_dial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["UssdDialFormDto"];
            };
        };
        responses: {
            /** @description The first screen of the session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    "BlogController_list[0]": {
        parameters: {
            query?: {
                page?: number;
                slug?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostListResponseDto"];
                };
            };
        };
    };
    "BlogController_list[1]": {
        parameters: {
            query?: {
                page?: number;
                slug?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostListResponseDto"];
                };
            };
        };
    };
    "SlipV2Controller_active[0]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivePageDto"];
                };
            };
        };
    };
    "SlipV2Controller_active[1]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivePageDto"];
                };
            };
        };
    };
    "SlipV2Controller_finished[0]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinishedPageDto"];
                };
            };
        };
    };
    "SlipV2Controller_finished[1]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinishedPageDto"];
                };
            };
        };
    };
    "TipsterController_leaderboard[0]": {
        parameters: {
            query: {
                p: string;
                weekly: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaderboardPageDto"];
                };
            };
        };
    };
    "TipsterController_leaderboard[1]": {
        parameters: {
            query: {
                p: string;
                weekly: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaderboardPageDto"];
                };
            };
        };
    };
}

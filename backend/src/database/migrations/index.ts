import { CreateJobInbox1763900000000 } from './1763900000000-CreateJobInbox';
import { CreateAccountTables1764100000000 } from './1764100000000-CreateAccountTables';
import { CreateEmailOutbox1764100000001 } from './1764100000001-CreateEmailOutbox';
import { CreateFixtures1764000000000 } from './1764000000000-CreateFixtures';
import { SeedMarkets1764000000001 } from './1764000000001-SeedMarkets';
import { CreateSandboxTables1764200000000 } from './1764200000000-CreateSandboxTables';
import { CreateBlogPosts1764300000000 } from './1764300000000-CreateBlogPosts';
import { CreateAdminAudit1764300000001 } from './1764300000001-CreateAdminAudit';
import { CreateSlipTables1764400000000 } from './1764400000000-CreateSlipTables';
import { CreatePurchasesAndSms1764500000000 } from './1764500000000-CreatePurchasesAndSms';
import { CreateJackpots1764600000000 } from './1764600000000-CreateJackpots';
import { AddSlipPremium1764700000000 } from './1764700000000-AddSlipPremium';
import { CreateFixtureImportRuns1764700000001 } from './1764700000001-CreateFixtureImportRuns';
import { AddPurchaseReviewNote1764700000002 } from './1764700000002-AddPurchaseReviewNote';
import { CreateSandboxS3Objects1765000000000 } from './1765000000000-CreateSandboxS3Objects';
import { CreateWithdrawals1764800000000 } from './1764800000000-CreateWithdrawals';
import { LimitOpenStkPrompts1765100000000 } from './1765100000000-LimitOpenStkPrompts';
import { SmsSendingStatus1765200000000 } from './1765200000000-SmsSendingStatus';
import { ResponsibleGambling1765400000000 } from './1765400000000-ResponsibleGambling';
import { CreateRecords1765500000000 } from './1765500000000-CreateRecords';
import { FixtureOddsClosing1765500000001 } from './1765500000001-FixtureOddsClosing';
import { SlipCommitments1765600000000 } from './1765600000000-SlipCommitments';
import { FixtureResultSource1765600000001 } from './1765600000001-FixtureResultSource';
import { SlipExportIndex1765600000002 } from './1765600000002-SlipExportIndex';
import { TransparencyLog1765700000000 } from './1765700000000-TransparencyLog';
import { PhoneCodePurpose1765810000000 } from './1765810000000-PhoneCodePurpose';

/** Every migration in order. Schema changes only through new entries here, never synchronize. */
export const MIGRATIONS = [CreateJobInbox1763900000000, CreateAccountTables1764100000000, CreateEmailOutbox1764100000001, CreateFixtures1764000000000, SeedMarkets1764000000001, CreateSandboxTables1764200000000, CreateBlogPosts1764300000000, CreateAdminAudit1764300000001, CreateSlipTables1764400000000, CreatePurchasesAndSms1764500000000, CreateJackpots1764600000000, CreateSandboxS3Objects1765000000000, AddSlipPremium1764700000000, CreateFixtureImportRuns1764700000001, AddPurchaseReviewNote1764700000002, CreateWithdrawals1764800000000, LimitOpenStkPrompts1765100000000, SmsSendingStatus1765200000000, ResponsibleGambling1765400000000, CreateRecords1765500000000, FixtureOddsClosing1765500000001, SlipCommitments1765600000000, FixtureResultSource1765600000001, SlipExportIndex1765600000002, TransparencyLog1765700000000, PhoneCodePurpose1765810000000];

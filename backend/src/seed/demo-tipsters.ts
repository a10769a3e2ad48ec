/**
 * The demo tipsters (Kenyan and Nigerian names): username, display name, country ('KE' | 'NG'),
 * city. The demo marketplace registers them; the finance step gives the first Kenyan ones sales
 * and paid withdrawals.
 */
export const DEMO_TIPSTERS: [string, string, 'KE' | 'NG', string][] = [
  ['otieno_odds', 'Brian Otieno', 'KE', 'Kisumu'], ['wanjiku_tips', 'Grace Wanjiku', 'KE', 'Nairobi'],
  ['kamau_bets', 'Peter Kamau', 'KE', 'Nyeri'], ['achieng.picks', 'Mercy Achieng', 'KE', 'Kisumu'],
  ['kiprono_ke', 'Dennis Kiprono', 'KE', 'Eldoret'], ['mwangi_accas', 'James Mwangi', 'KE', 'Nakuru'],
  ['njeri_predicts', 'Faith Njeri', 'KE', 'Thika'], ['omondi_254', 'Kevin Omondi', 'KE', 'Mombasa'],
  ['chebet_tips', 'Sharon Chebet', 'KE', 'Kericho'], ['mutua_masters', 'Daniel Mutua', 'KE', 'Machakos'],
  ['wafula_fc', 'Collins Wafula', 'KE', 'Bungoma'], ['nyambura_bets', 'Joy Nyambura', 'KE', 'Nairobi'],
  ['kiptoo_odds', 'Victor Kiptoo', 'KE', 'Eldoret'], ['atieno_picks', 'Linda Atieno', 'KE', 'Homa Bay'],
  ['karanja_x2', 'Samuel Karanja', 'KE', 'Kiambu'], ['muthoni_wins', 'Esther Muthoni', 'KE', 'Murang\'a'],
  ['ouma_goals', 'Felix Ouma', 'KE', 'Siaya'], ['jeptoo_picks', 'Ruth Jeptoo', 'KE', 'Iten'],
  ['ndungu_tips', 'Paul Ndung\'u', 'KE', 'Nairobi'], ['wekesa_bets', 'Allan Wekesa', 'KE', 'Kakamega'],
  ['adebayo_odds', 'Tunde Adebayo', 'NG', 'Lagos'], ['chukwu_tips', 'Emeka Chukwu', 'NG', 'Enugu'],
  ['okafor_picks', 'Chidi Okafor', 'NG', 'Onitsha'], ['bello_accas', 'Aminu Bello', 'NG', 'Kano'],
  ['oluwaseun_fc', 'Seun Oluwaseun', 'NG', 'Ibadan'], ['ngozi_predicts', 'Ngozi Eze', 'NG', 'Abuja'],
  ['ibrahim_stats', 'Musa Ibrahim', 'NG', 'Kaduna'], ['adeyemi_goals', 'Funke Adeyemi', 'NG', 'Lagos'],
  ['obi_bankers', 'Ifeanyi Obi', 'NG', 'Port Harcourt'], ['balogun_tips', 'Kunle Balogun', 'NG', 'Abeokuta'],
];

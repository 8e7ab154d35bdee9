/**
 * ISO 4217 currencies and their minor units (the exponent: 2 for EUR, 0 for JPY, 3 for KWD,
 * 4 for CLF). The active codes of ISO 4217 list one, plus ANG, BGN, CUC, SLL and ZWL, which
 * were replaced between 2021 and 2026 but still appear in billing data. Codes without a minor
 * unit (precious metals, XDR, XSU, XUA, testing codes) are left out: nothing can be billed
 * in them.
 * @internal
 */
const CODES_BY_EXPONENT: Readonly<Record<0 | 2 | 3 | 4, string>> = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF',
  2: [
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP',
    'BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR',
    'FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW',
    'KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN',
    'NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD',
    'SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU',
    'UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL',
  ].join(' '),
  3: 'BHD IQD JOD KWD LYD OMR TND',
  4: 'CLF UYW',
};

/** Currency code -> number of decimal places of its minor unit. */
export const MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  Object.entries(CODES_BY_EXPONENT).flatMap(([exponent, codes]) =>
    codes.split(' ').map((code) => [code, Number(exponent)] as const),
  ),
);

/**
 * The glossary a new database starts with (loaded once, by the glossary migration).
 * Admins edit the live glossary in the knowledge base; changing this file only affects
 * databases created afterwards.
 *
 * Plain data with no imports: the migration that loads it must not depend on app code.
 * Every related term names another entry's `term` (tests/unit/glossary-seed.test.ts checks).
 */
export interface GlossarySeedTerm {
  term: string;
  definition: string;
  category: 'lng' | 'ngl' | 'pipeline' | 'processing' | 'transportation' | 'storage' | 'general';
  synonyms: string[];
  relatedTerms: string[];
}

export const glossarySeed: GlossarySeedTerm[] = [
  // ── LNG ────────────────────────────────────────────────────────────────────────────
  {
    term: 'Liquefied natural gas',
    category: 'lng',
    definition:
      'Natural gas, mostly methane, cooled to about -162 °C (-260 °F) at near-atmospheric pressure, where it condenses into a clear, odorless, non-corrosive liquid that takes up about 1/600th of the volume of the gas. That density is what makes it practical to move gas by truck, rail or ship where no pipeline reaches.',
    synonyms: ['LNG'],
    relatedTerms: ['Liquefaction', 'Regasification', 'Boil-off gas', 'Virtual pipeline'],
  },
  {
    term: 'Boil-off gas',
    category: 'lng',
    definition:
      'Vapor produced when heat leaking into stored or transported LNG evaporates a small part of the liquid. In large tanks it is typically 0.05-0.1% of the contents per day; in small tanks and trailers it mostly raises the pressure inside the vessel until it is used, recovered or relieved.',
    synonyms: ['BOG', 'boil-off', 'boiloff'],
    relatedTerms: ['Holding time', 'Cryogenic trailer', 'LNG storage tank', 'Weathering'],
  },
  {
    term: 'Regasification',
    category: 'lng',
    definition:
      'Turning LNG back into gas by warming it in vaporizers (ambient-air, water-bath or fired) at the point of use, then regulating its pressure for engines, burners or a local distribution line. The last step of every LNG virtual pipeline.',
    synonyms: ['regas', 'revaporization', 'vaporization'],
    relatedTerms: ['Vaporizer', 'LNG skid', 'Send-out rate', 'Liquefied natural gas'],
  },
  {
    term: 'Liquefaction',
    category: 'lng',
    definition:
      'Cooling pretreated natural gas below its boiling point so it condenses into LNG, using refrigeration cycles such as mixed refrigerant, nitrogen expander or cascade processes. Small-scale plants that supply virtual pipelines produce from a few thousand to a few hundred thousand gallons per day.',
    synonyms: ['liquefaction plant', 'LNG plant', 'liquefaction train'],
    relatedTerms: ['Pretreatment', 'Liquefied natural gas', 'Cryogenic', 'Small-scale LNG'],
  },
  {
    term: 'Cryogenic',
    category: 'lng',
    definition:
      'Relating to very low temperatures, generally below about -150 °C (-238 °F). Cryogenic equipment for LNG uses austenitic stainless steel, aluminium or 9% nickel steel, because ordinary carbon steel becomes brittle at these temperatures.',
    synonyms: ['cryogenics', 'cryo'],
    relatedTerms: ['Cryogenic trailer', 'Vacuum-insulated tank', 'Liquefaction'],
  },
  {
    term: 'LNG skid',
    category: 'lng',
    definition:
      'A pre-assembled, transportable package on a steel frame holding vaporizers, pressure regulation, controls and safety shut-offs, which turns delivered LNG into gas at a customer site. Skids are set up in days and moved to the next site when a project ends.',
    synonyms: ['regasification skid', 'regas skid', 'vaporization skid'],
    relatedTerms: ['Regasification', 'Vaporizer', 'Virtual pipeline', 'Odorization'],
  },
  {
    term: 'Vaporizer',
    category: 'lng',
    definition:
      'A heat exchanger that warms LNG until it becomes gas. Ambient-air vaporizers use finned tubes warmed by the surrounding air and need no fuel; water-bath and fired vaporizers supply heat for high flow rates or cold climates.',
    synonyms: ['ambient air vaporizer', 'AAV', 'water bath vaporizer'],
    relatedTerms: ['Regasification', 'LNG skid', 'Send-out rate'],
  },
  {
    term: 'Holding time',
    category: 'lng',
    definition:
      'How long LNG can stay in a closed container, such as a trailer or ISO container, before heat leak raises the pressure to the relief-valve setting. Trailers and ISO containers are typically designed for holding times of several days to a few weeks, which sets how far and how long LNG can travel without venting.',
    synonyms: ['hold time', 'non-venting holding time'],
    relatedTerms: ['Boil-off gas', 'ISO container', 'Cryogenic trailer'],
  },
  {
    term: 'Send-out rate',
    category: 'lng',
    definition:
      'The rate at which regasification equipment delivers gas to the customer, usually stated in MMBtu per hour, standard cubic feet per hour or million standard cubic feet per day. Vaporizers and skids are sized for the peak send-out rate of the site.',
    synonyms: ['send-out', 'sendout'],
    relatedTerms: ['Regasification', 'MMBtu', 'Vaporizer'],
  },
  {
    term: 'Small-scale LNG',
    category: 'lng',
    definition:
      'LNG produced, distributed and used in volumes far below world-scale export terminals, commonly defined as plants under about 1 million tonnes per year. It serves off-grid power, industry, mines, remote communities, trucking and marine fuel, largely through virtual pipelines.',
    synonyms: ['SSLNG', 'micro LNG', 'mid-scale LNG'],
    relatedTerms: ['Virtual pipeline', 'Liquefaction', 'Peak shaving'],
  },
  {
    term: 'Peak shaving',
    category: 'lng',
    definition:
      'Storing LNG during low-demand months and regasifying it on the coldest days to supplement pipeline supply. US utilities operate dozens of peak-shaving plants; trucked LNG can do the same for a single customer facing pipeline curtailment.',
    synonyms: ['peak-shaving', 'peakshaving'],
    relatedTerms: ['LNG storage tank', 'Regasification', 'Small-scale LNG'],
  },
  {
    term: 'LNG bunkering',
    category: 'lng',
    definition:
      'Supplying LNG as fuel to ships, by truck-to-ship transfer, from a bunker vessel or from a shore tank. LNG fuel cuts sulfur oxide and particulate emissions almost to zero compared with heavy fuel oil.',
    synonyms: ['bunkering', 'LNG marine fuel'],
    relatedTerms: ['Liquefied natural gas', 'Cryogenic trailer', 'Small-scale LNG'],
  },
  {
    term: 'Weathering',
    category: 'lng',
    definition:
      'The gradual change in LNG composition during storage: nitrogen and methane boil off first, so the remaining liquid becomes richer in ethane and heavier hydrocarbons, with a higher heating value and density and a lower methane number.',
    synonyms: ['LNG aging', 'LNG ageing'],
    relatedTerms: ['Boil-off gas', 'Heating value', 'Methane number', 'Rollover'],
  },
  {
    term: 'Methane number',
    category: 'lng',
    definition:
      "A measure of a fuel gas's resistance to knock in spark-ignited engines, on a scale where pure methane is 100 and hydrogen is 0. Ethane, propane and butane lower it, so engine makers set a minimum methane number for the gas their generators burn.",
    synonyms: ['MN', 'knock resistance'],
    relatedTerms: ['Wobbe index', 'Methane', 'Weathering', 'Gas genset'],
  },

  // ── NGL ────────────────────────────────────────────────────────────────────────────
  {
    term: 'Natural gas liquids',
    category: 'ngl',
    definition:
      'Hydrocarbons heavier than methane that are separated from natural gas as liquids at processing plants: ethane, propane, normal butane, isobutane and natural gasoline (pentanes plus). They are sold as petrochemical feedstock, fuels and blendstocks.',
    synonyms: ['NGL', 'NGLs'],
    relatedTerms: ['Y-grade', 'Fractionation', 'Ethane', 'Propane'],
  },
  {
    term: 'Y-grade',
    category: 'ngl',
    definition:
      'The unfractionated mix of natural gas liquids (ethane through natural gasoline) recovered at a gas processing plant, moved by pipeline, rail or pressurized truck to a fractionator, which separates it into purity products.',
    synonyms: ['raw NGL mix', 'raw mix', 'Y-grade NGL', 'mixed NGL'],
    relatedTerms: ['Fractionation', 'Natural gas liquids', 'Mont Belvieu', 'MC-331'],
  },
  {
    term: 'Ethane',
    category: 'ngl',
    definition:
      'A two-carbon alkane (C2H6) that boils at -88.6 °C (-127.5 °F). The lightest natural gas liquid and the main feedstock for ethylene crackers; when it is worth more as fuel it is left in the gas stream instead.',
    synonyms: ['C2', 'C2H6'],
    relatedTerms: ['Ethane rejection', 'Ethane recovery', 'Natural gas liquids'],
  },
  {
    term: 'Propane',
    category: 'ngl',
    definition:
      'A three-carbon alkane (C3H8) that boils at -42.1 °C (-43.8 °F) and is stored and moved as a liquid under moderate pressure. Used for heating, crop drying, engine fuel, petrochemicals (propylene) and export; it holds about 91,500 Btu per gallon.',
    synonyms: ['C3', 'C3H8'],
    relatedTerms: ['Liquefied petroleum gas', 'Natural gas liquids', 'Bobtail'],
  },
  {
    term: 'Normal butane',
    category: 'ngl',
    definition:
      'The straight-chain four-carbon alkane (C4H10), boiling at -0.5 °C (31.1 °F). Blended into gasoline to raise its vapor pressure in winter, isomerized into isobutane, and used in LPG mixes and as a petrochemical feedstock.',
    synonyms: ['n-butane', 'NC4', 'butane'],
    relatedTerms: ['Isobutane', 'Liquefied petroleum gas', 'Natural gas liquids'],
  },
  {
    term: 'Isobutane',
    category: 'ngl',
    definition:
      'The branched four-carbon alkane (C4H10), boiling at -11.7 °C (10.9 °F). Refineries use it in alkylation units to make high-octane gasoline components; it is also the refrigerant R-600a and an aerosol propellant.',
    synonyms: ['i-butane', 'IC4', 'methylpropane'],
    relatedTerms: ['Normal butane', 'Fractionation', 'Purity product'],
  },
  {
    term: 'Natural gasoline',
    category: 'ngl',
    definition:
      'The heaviest natural gas liquid: pentanes and heavier hydrocarbons recovered at gas plants. Used as a gasoline blendstock, as a petrochemical feedstock and as a diluent that helps heavy crude and bitumen flow through pipelines.',
    synonyms: ['pentanes plus', 'C5+', 'plant condensate'],
    relatedTerms: ['Condensate', 'Natural gas liquids', 'Reid vapor pressure'],
  },
  {
    term: 'Liquefied petroleum gas',
    category: 'ngl',
    definition:
      'Propane, butane or a mix of the two, kept liquid under moderate pressure at ambient temperature. Sold for heating, cooking, autogas and industry; in the US, LPG usually means propane.',
    synonyms: ['LPG', 'LP gas', 'autogas'],
    relatedTerms: ['Propane', 'Normal butane', 'Bullet tank'],
  },
  {
    term: 'Ethane rejection',
    category: 'ngl',
    definition:
      'Running a processing plant so that ethane stays in the residue gas, where it is sold for its heating value, rather than recovering it as a liquid. Producers reject ethane when its value as gas is higher than its value as NGL after transport and fractionation fees.',
    synonyms: ['rejecting ethane', 'ethane rejection mode'],
    relatedTerms: ['Ethane recovery', 'Ethane', 'Frac spread', 'Netback'],
  },
  {
    term: 'Ethane recovery',
    category: 'ngl',
    definition:
      'Running a processing plant to extract as much ethane as possible into the NGL stream, often over 90% in a cryogenic turboexpander plant. Chosen when ethane sells for more as a liquid than as fuel gas.',
    synonyms: ['recovering ethane', 'full recovery'],
    relatedTerms: ['Ethane rejection', 'Turboexpander', 'Gas processing plant'],
  },
  {
    term: 'Frac spread',
    category: 'ngl',
    definition:
      'The difference between the value of a barrel of NGLs and the value of the natural gas, on an energy basis, needed to replace the heat removed with them. A wide spread rewards recovering liquids; a narrow one favours leaving them in the gas.',
    synonyms: ['fractionation spread', 'processing spread'],
    relatedTerms: ['Ethane rejection', 'Netback', 'Heating value'],
  },
  {
    term: 'Mont Belvieu',
    category: 'ngl',
    definition:
      "A town east of Houston, Texas, home to the largest NGL fractionation and salt-cavern storage hub in North America. Its posted prices for ethane, propane, butanes and natural gasoline are the US benchmarks for NGL sales.",
    synonyms: ['Mont Belvieu hub', 'MB'],
    relatedTerms: ['Y-grade', 'Fractionation', 'Salt cavern storage', 'Purity product'],
  },
  {
    term: 'Purity product',
    category: 'ngl',
    definition:
      'An individual natural gas liquid (ethane, propane, normal butane, isobutane or natural gasoline) that meets its commercial specification after fractionation, as opposed to the mixed Y-grade stream.',
    synonyms: ['spec product', 'purity NGL'],
    relatedTerms: ['Fractionation', 'Y-grade', 'Mont Belvieu'],
  },
  {
    term: 'Condensate',
    category: 'ngl',
    definition:
      'Hydrocarbons that are gas in the reservoir but condense into a light liquid (mostly pentanes and heavier) as pressure and temperature fall at the surface. Lease condensate is caught in field separators; plant condensate is recovered at processing plants.',
    synonyms: ['lease condensate', 'field condensate', 'drip gas'],
    relatedTerms: ['Natural gasoline', 'Stabilization', 'Reid vapor pressure'],
  },
  {
    term: 'Gallons per thousand cubic feet',
    category: 'ngl',
    definition:
      'The liquid richness of a gas stream: how many gallons of recoverable NGL one thousand standard cubic feet (Mcf) of gas holds. Lean gas may carry under 1 GPM; rich associated gas from oil wells can exceed 6 GPM.',
    synonyms: ['GPM', 'gal/Mcf'],
    relatedTerms: ['Rich gas', 'Lean gas', 'Natural gas liquids', 'Mcf'],
  },
  {
    term: 'Reid vapor pressure',
    category: 'ngl',
    definition:
      'A standard measure of the volatility of gasoline, condensate and crude oil: the vapor pressure at 100 °F (37.8 °C) in a test cell. Pipelines and trucks set maximum RVP limits, which is why condensate is stabilized.',
    synonyms: ['RVP', 'vapor pressure'],
    relatedTerms: ['Stabilization', 'Condensate', 'Natural gasoline'],
  },

  // ── Pipeline ───────────────────────────────────────────────────────────────────────
  {
    term: 'Virtual pipeline',
    category: 'pipeline',
    definition:
      'A supply chain that moves gas or gas liquids by truck, rail or barge instead of a fixed pipe: LNG, CNG or NGL is loaded into transport containers, delivered on a schedule and, for gas, regasified or decompressed at the customer site. It reaches places pipelines do not, and can start in weeks rather than years.',
    synonyms: ['VPV', 'gas by truck', 'trucked gas'],
    relatedTerms: ['Cryogenic trailer', 'LNG skid', 'Regasification', 'Compressed natural gas', 'Takeaway capacity'],
  },
  {
    term: 'Interstate pipeline',
    category: 'pipeline',
    definition:
      "A natural gas pipeline that crosses state lines. In the US its rates, terms of service and construction are regulated by the Federal Energy Regulatory Commission (FERC), and its safety by PHMSA.",
    synonyms: ['FERC-regulated pipeline', 'transmission pipeline'],
    relatedTerms: ['Intrastate pipeline', 'Tariff', 'Maximum allowable operating pressure'],
  },
  {
    term: 'Intrastate pipeline',
    category: 'pipeline',
    definition:
      'A pipeline that stays within one state and is regulated by that state (in Texas, the Railroad Commission) rather than by FERC.',
    synonyms: ['intrastate line'],
    relatedTerms: ['Interstate pipeline', 'Gathering system'],
  },
  {
    term: 'Gathering system',
    category: 'pipeline',
    definition:
      'The network of small-diameter pipelines that carries gas from wellheads to a processing plant or to a larger transmission line, often with field compression along the way.',
    synonyms: ['gathering line', 'gathering pipeline'],
    relatedTerms: ['Gas processing plant', 'Takeaway capacity', 'Intrastate pipeline'],
  },
  {
    term: 'Takeaway capacity',
    category: 'pipeline',
    definition:
      'The capacity of pipelines, trucks, rail and processing plants to move gas, NGL or oil out of a producing area. When it falls short, producers face flaring, shut-in wells or heavily discounted prices until new capacity, or a virtual pipeline, arrives.',
    synonyms: ['takeaway', 'egress capacity'],
    relatedTerms: ['Virtual pipeline', 'Netback', 'Flaring', 'Basis'],
  },
  {
    term: 'Pipeline-quality gas',
    category: 'pipeline',
    definition:
      'Gas processed to meet a pipeline tariff: typically a heating value of about 950-1,100 Btu per standard cubic foot, water below about 7 lb per million cubic feet, hydrogen sulfide below about 0.25 grain per 100 cubic feet, limited carbon dioxide and inerts, and a controlled hydrocarbon dew point.',
    synonyms: ['residue gas', 'sales gas', 'dry gas'],
    relatedTerms: ['Heating value', 'Wobbe index', 'Dehydration', 'Dew point'],
  },
  {
    term: 'Line pack',
    category: 'pipeline',
    definition:
      'Gas held inside a pipeline by raising its pressure above what is needed for flow. Operators pack the line overnight and draw it down during the day to meet swings in demand.',
    synonyms: ['linepack', 'packing the line'],
    relatedTerms: ['Maximum allowable operating pressure', 'Working gas'],
  },
  {
    term: 'Nomination',
    category: 'pipeline',
    definition:
      "A shipper's request to a pipeline to move a stated volume from a receipt point to a delivery point on a given gas day, submitted on a schedule the pipeline's tariff defines.",
    synonyms: ['nom', 'scheduling'],
    relatedTerms: ['Tariff', 'Interstate pipeline'],
  },
  {
    term: 'Tariff',
    category: 'pipeline',
    definition:
      "A pipeline's filed schedule of rates, terms and conditions of service, including the gas quality it accepts. For interstate pipelines it is approved by FERC.",
    synonyms: ['pipeline tariff', 'transportation rate'],
    relatedTerms: ['Pipeline-quality gas', 'Interstate pipeline', 'Nomination'],
  },
  {
    term: 'Odorization',
    category: 'pipeline',
    definition:
      'Adding a sulfur-based odorant such as a mercaptan blend or tetrahydrothiophene to naturally odorless gas so leaks can be smelled. US rules require distribution gas to be detectable at one-fifth of its lower explosive limit. LNG carries no odorant (it would freeze out), so regasified LNG is odorized after vaporization when required.',
    synonyms: ['odorant', 'mercaptan', 'stenching'],
    relatedTerms: ['Lower explosive limit', 'Regasification', 'LNG skid'],
  },
  {
    term: 'Pipeline pig',
    category: 'pipeline',
    definition:
      'A device sent through a pipeline by the flowing product to clean it, remove liquids, separate batches or, as a smart pig, inspect the pipe wall for corrosion and dents.',
    synonyms: ['pig', 'pigging', 'smart pig', 'in-line inspection tool'],
    relatedTerms: ['Gathering system', 'Maximum allowable operating pressure'],
  },
  {
    term: 'Maximum allowable operating pressure',
    category: 'pipeline',
    definition:
      'The highest pressure at which a pipeline segment may legally be operated, set from its design, test pressure and condition under 49 CFR Part 192 in the US.',
    synonyms: ['MAOP'],
    relatedTerms: ['Interstate pipeline', 'Line pack', 'Pipeline pig'],
  },

  // ── Processing ─────────────────────────────────────────────────────────────────────
  {
    term: 'Fractionation',
    category: 'processing',
    definition:
      'Separating mixed NGL into purity products by distillation in a train of columns (deethanizer, depropanizer, debutanizer and butane splitter), each relying on the different boiling points of the components. Fractionators charge a fee per gallon.',
    synonyms: ['frac', 'fractionator', 'NGL fractionation'],
    relatedTerms: ['Y-grade', 'Purity product', 'Mont Belvieu', 'Netback'],
  },
  {
    term: 'Gas processing plant',
    category: 'processing',
    definition:
      'A plant that removes water, acid gases and other impurities from raw gas and recovers natural gas liquids, leaving pipeline-quality residue gas. Most modern US plants use a cryogenic turboexpander process.',
    synonyms: ['processing plant', 'cryogenic plant', 'cryo plant', 'gas plant'],
    relatedTerms: ['Turboexpander', 'Natural gas liquids', 'Ethane rejection', 'Amine treating'],
  },
  {
    term: 'Turboexpander',
    category: 'processing',
    definition:
      'A turbine through which high-pressure gas expands, cooling it sharply (to around -100 °F or colder) so ethane and heavier hydrocarbons condense. The work it extracts usually drives a compressor on the same shaft.',
    synonyms: ['expander', 'turbo-expander', 'expander-compressor'],
    relatedTerms: ['Gas processing plant', 'Ethane recovery', 'Joule-Thomson effect'],
  },
  {
    term: 'Dehydration',
    category: 'processing',
    definition:
      'Removing water vapor from gas to prevent hydrates, ice and corrosion. Glycol (TEG) contactors meet pipeline specifications; liquefaction needs molecular sieves, which dry gas to below about 1 ppm of water.',
    synonyms: ['glycol dehydration', 'TEG unit', 'molecular sieve', 'mole sieve'],
    relatedTerms: ['Hydrate', 'Pretreatment', 'Pipeline-quality gas'],
  },
  {
    term: 'Amine treating',
    category: 'processing',
    definition:
      'Removing hydrogen sulfide and carbon dioxide from gas by contact with a regenerable amine solution such as MDEA, DEA or MEA. Before liquefaction, CO2 must be brought down to about 50 ppm so it does not freeze.',
    synonyms: ['sweetening', 'acid gas removal', 'amine unit'],
    relatedTerms: ['Sour gas', 'Pretreatment', 'Gas processing plant'],
  },
  {
    term: 'Sour gas',
    category: 'processing',
    definition:
      'Natural gas containing significant hydrogen sulfide, which is toxic and corrosive; sweet gas has little or none. Sour gas must be treated before it can be sold or liquefied.',
    synonyms: ['sour', 'H2S gas'],
    relatedTerms: ['Amine treating', 'Pipeline-quality gas'],
  },
  {
    term: 'Pretreatment',
    category: 'processing',
    definition:
      'Cleaning feed gas before liquefaction: removing carbon dioxide, water, hydrogen sulfide, mercury and heavy hydrocarbons, which would otherwise freeze, corrode aluminium heat exchangers or plug the cold box.',
    synonyms: ['gas pretreatment', 'feed gas conditioning'],
    relatedTerms: ['Liquefaction', 'Amine treating', 'Dehydration'],
  },
  {
    term: 'Hydrate',
    category: 'processing',
    definition:
      'An ice-like solid of water and light hydrocarbons that forms at high pressure and low temperature and can plug pipes, valves and meters. Prevented by dehydration, heating or injecting methanol or glycol.',
    synonyms: ['gas hydrate', 'clathrate'],
    relatedTerms: ['Dehydration', 'Joule-Thomson effect'],
  },
  {
    term: 'Stabilization',
    category: 'processing',
    definition:
      'Removing the lightest components (methane through butane) from condensate, usually in a heated column, so it meets a vapor-pressure limit and can be stored in atmospheric tanks and shipped safely.',
    synonyms: ['condensate stabilization', 'stabilizer'],
    relatedTerms: ['Condensate', 'Reid vapor pressure'],
  },
  {
    term: 'Rich gas',
    category: 'processing',
    definition:
      'Gas with a high content of ethane and heavier hydrocarbons (a high GPM), typically associated gas from oil wells. Processing it yields valuable NGL; burning it unprocessed can exceed engine limits on heating value.',
    synonyms: ['wet gas', 'high-GPM gas'],
    relatedTerms: ['Lean gas', 'Gallons per thousand cubic feet', 'Gas processing plant'],
  },
  {
    term: 'Lean gas',
    category: 'processing',
    definition:
      'Gas that is mostly methane, with little recoverable NGL (a low GPM), either as produced or after processing.',
    synonyms: ['dry gas', 'residue gas'],
    relatedTerms: ['Rich gas', 'Pipeline-quality gas'],
  },
  {
    term: 'Dew point',
    category: 'processing',
    definition:
      'The temperature at which liquid first condenses from a gas at a given pressure: the water dew point for water, the hydrocarbon dew point for heavier hydrocarbons. Pipelines limit both so no liquid drops out in the line.',
    synonyms: ['hydrocarbon dew point', 'HCDP', 'water dew point'],
    relatedTerms: ['Pipeline-quality gas', 'Dehydration', 'Rich gas'],
  },
  {
    term: 'Joule-Thomson effect',
    category: 'processing',
    definition:
      'The drop in temperature of a real gas as it expands through a valve without doing work. JT valves give simple plants modest NGL recovery, and the same effect can freeze regulators or form hydrates where gas pressure is cut.',
    synonyms: ['JT effect', 'JT valve', 'throttling'],
    relatedTerms: ['Turboexpander', 'Hydrate'],
  },
  {
    term: 'Nitrogen rejection unit',
    category: 'processing',
    definition:
      'A cryogenic unit that removes nitrogen from gas to raise its heating value to pipeline or LNG specification.',
    synonyms: ['NRU', 'nitrogen rejection'],
    relatedTerms: ['Heating value', 'Gas processing plant'],
  },

  // ── Transportation ─────────────────────────────────────────────────────────────────
  {
    term: 'Cryogenic trailer',
    category: 'transportation',
    definition:
      'A road trailer with a stainless-steel inner tank inside a vacuum-insulated outer shell, carrying typically 10,000-13,000 US gallons of LNG. The workhorse of the LNG virtual pipeline; one load holds the energy of about 2.4 CNG trailers.',
    synonyms: ['LNG trailer', 'cryo trailer', 'LNG tanker', 'cryogenic tanker'],
    relatedTerms: ['ISO container', 'Holding time', 'Virtual pipeline', 'CNG tube trailer'],
  },
  {
    term: 'ISO container',
    category: 'transportation',
    definition:
      'A cryogenic tank mounted in a standard 20- or 40-foot ISO frame that moves by truck, rail and ship without transferring its cargo; for LNG it is a UN T75 portable tank. A 40-foot unit holds roughly 10,000-12,000 gallons and can double as on-site storage.',
    synonyms: ['ISO tank', 'LNG ISO container', 'T75 tank', 'cryogenic ISO'],
    relatedTerms: ['Cryogenic trailer', 'Intermodal transport', 'Holding time'],
  },
  {
    term: 'MC-331',
    category: 'transportation',
    definition:
      'The US DOT specification for pressurized cargo tanks that carry liquefied compressed gases such as propane, butane, Y-grade and anhydrous ammonia. Transports typically hold around 9,000-11,500 gallons of water capacity and are filled to no more than about 85%.',
    synonyms: ['MC331', 'pressurized cargo tank', 'NGL transport'],
    relatedTerms: ['Y-grade', 'Liquefied petroleum gas', 'Bobtail', 'Ullage'],
  },
  {
    term: 'Bobtail',
    category: 'transportation',
    definition:
      'A straight (single-chassis) truck with a pressurized tank of about 2,000-5,000 gallons used for local propane delivery to homes, farms and businesses.',
    synonyms: ['bobtail truck', 'propane delivery truck'],
    relatedTerms: ['Propane', 'MC-331'],
  },
  {
    term: 'CNG tube trailer',
    category: 'transportation',
    definition:
      'A trailer carrying high-pressure cylinders of compressed natural gas, commonly around 300,000-400,000 standard cubic feet per load. It takes about 2.4 of them to deliver the energy of one LNG trailer.',
    synonyms: ['tube trailer', 'CNG trailer', 'CNG module'],
    relatedTerms: ['Compressed natural gas', 'Cryogenic trailer', 'Virtual pipeline'],
  },
  {
    term: 'Bill of lading',
    category: 'transportation',
    definition:
      'The shipping document issued for each load, recording the product, quantity, origin, destination and carrier. In NGL and LNG trucking, BOLs back custody transfer, invoicing and the volume reconciliation behind a netback statement.',
    synonyms: ['BOL', 'BOLs', 'run ticket'],
    relatedTerms: ['Custody transfer', 'Netback'],
  },
  {
    term: 'Custody transfer',
    category: 'transportation',
    definition:
      'The point where ownership of and responsibility for a product pass from one party to another, measured with calibrated meters, tank gauges or truck scales so both sides agree on the quantity and quality delivered.',
    synonyms: ['custody transfer point', 'CTM'],
    relatedTerms: ['Bill of lading', 'Offloading'],
  },
  {
    term: 'Intermodal transport',
    category: 'transportation',
    definition:
      'Moving cargo in the same container across several modes (truck, rail, ship) without handling the product itself. LNG ISO containers make intermodal virtual pipelines possible to islands and remote regions.',
    synonyms: ['intermodal', 'multimodal transport'],
    relatedTerms: ['ISO container', 'Virtual pipeline'],
  },
  {
    term: 'UN 1972',
    category: 'transportation',
    definition:
      'The UN identification number for refrigerated liquid methane or natural gas with high methane content (LNG), shown on hazardous-materials placards and shipping papers. Propane travels as UN 1978 and LPG mixtures as UN 1075.',
    synonyms: ['UN1972', 'hazmat placard', 'UN number'],
    relatedTerms: ['Cryogenic trailer', 'Liquefied natural gas', 'Bill of lading'],
  },
  {
    term: 'Offloading',
    category: 'transportation',
    definition:
      "Transferring LNG or NGL from a trailer into site storage, by pressure transfer (using the trailer's pressure build-up coil) or with a pump. LNG offloading takes about one to two hours per load.",
    synonyms: ['unloading', 'product transfer', 'offload'],
    relatedTerms: ['Pressure build-up coil', 'LNG storage tank', 'Custody transfer'],
  },
  {
    term: 'Compressed natural gas',
    category: 'transportation',
    definition:
      'Natural gas compressed to about 3,000-3,600 psi, which shrinks it to roughly 1/250th of its volume at atmospheric pressure. Less dense than LNG but simpler to handle; suited to smaller sites and vehicle fueling.',
    synonyms: ['CNG'],
    relatedTerms: ['CNG tube trailer', 'Liquefied natural gas', 'Virtual pipeline'],
  },

  // ── Storage ────────────────────────────────────────────────────────────────────────
  {
    term: 'LNG storage tank',
    category: 'storage',
    definition:
      'A double-walled, vacuum-insulated tank that keeps LNG cold at the customer site, in vertical or horizontal designs from a few thousand to several tens of thousands of gallons, with relief valves, level and pressure gauges and a pressure build-up circuit.',
    synonyms: ['cryogenic storage tank', 'bulk LNG tank', 'site tank'],
    relatedTerms: ['Vacuum-insulated tank', 'Boil-off gas', 'Offloading', 'Rollover'],
  },
  {
    term: 'Vacuum-insulated tank',
    category: 'storage',
    definition:
      'A vessel built like a thermos: an inner tank suspended inside an outer shell, with the space between filled with perlite or multilayer insulation and evacuated to a high vacuum, which keeps heat leak, and so boil-off, very low.',
    synonyms: ['VIT', 'dewar', 'double-walled tank'],
    relatedTerms: ['LNG storage tank', 'Cryogenic', 'Boil-off gas'],
  },
  {
    term: 'Salt cavern storage',
    category: 'storage',
    definition:
      'Storage in caverns dissolved out of underground salt formations with water (solution mining). Salt caverns at Mont Belvieu hold hundreds of millions of barrels of NGL; gas caverns offer fast injection and withdrawal.',
    synonyms: ['salt dome storage', 'cavern storage'],
    relatedTerms: ['Mont Belvieu', 'Working gas', 'Base gas'],
  },
  {
    term: 'Working gas',
    category: 'storage',
    definition:
      'The volume of gas in an underground storage facility that can be withdrawn and reinjected in normal operation, above the permanent base gas.',
    synonyms: ['working gas capacity', 'working inventory'],
    relatedTerms: ['Base gas', 'Salt cavern storage', 'Line pack'],
  },
  {
    term: 'Base gas',
    category: 'storage',
    definition:
      'The gas that stays in an underground storage reservoir permanently to keep enough pressure to deliver the working gas.',
    synonyms: ['cushion gas'],
    relatedTerms: ['Working gas', 'Salt cavern storage'],
  },
  {
    term: 'Bullet tank',
    category: 'storage',
    definition:
      'A horizontal, cylindrical pressure vessel storing propane, butane or NGL at ambient temperature, often 18,000-90,000 gallons water capacity, at terminals, plants and large customer sites.',
    synonyms: ['bullet', 'LPG pressure vessel', 'NGL storage tank'],
    relatedTerms: ['Liquefied petroleum gas', 'Ullage', 'MC-331'],
  },
  {
    term: 'Ullage',
    category: 'storage',
    definition:
      'The empty space left above a liquid in a tank or cargo tank so it can expand as it warms. Propane and NGL tanks are filled to about 80-85% of water capacity for this reason.',
    synonyms: ['outage', 'vapor space'],
    relatedTerms: ['Bullet tank', 'MC-331'],
  },
  {
    term: 'Pressure build-up coil',
    category: 'storage',
    definition:
      'A small vaporizer on an LNG tank or trailer that turns a little liquid into vapor and returns it to the top of the vessel, raising the pressure to push LNG out during offloading or to feed the process.',
    synonyms: ['PBU', 'pressure builder', 'pressure building coil'],
    relatedTerms: ['Offloading', 'LNG storage tank', 'Cryogenic trailer'],
  },
  {
    term: 'Rollover',
    category: 'storage',
    definition:
      'The sudden mixing of stratified layers of LNG of different density in a tank, which can release a large volume of vapor in a short time. Prevented by filling methods that mix new and stored LNG and by monitoring density and temperature.',
    synonyms: ['LNG rollover', 'stratification'],
    relatedTerms: ['LNG storage tank', 'Weathering', 'Boil-off gas'],
  },
  {
    term: 'Tank farm',
    category: 'storage',
    definition:
      'A group of storage tanks at a terminal, plant or customer site, with the piping, containment and loading equipment they share.',
    synonyms: ['tank battery', 'storage terminal'],
    relatedTerms: ['Bullet tank', 'LNG storage tank'],
  },

  // ── General ────────────────────────────────────────────────────────────────────────
  {
    term: 'MMBtu',
    category: 'general',
    definition:
      'One million British thermal units: the standard unit for buying and selling natural gas in North America, and the unit of Henry Hub prices. One MMBtu is about 970 standard cubic feet of typical pipeline gas, or about 12 gallons of LNG; a dekatherm is the same amount of energy.',
    synonyms: ['million British thermal units', 'MMBTU', 'dekatherm', 'Dth'],
    relatedTerms: ['British thermal unit', 'Heating value', 'Henry Hub', 'Therm'],
  },
  {
    term: 'British thermal unit',
    category: 'general',
    definition:
      'The heat needed to raise the temperature of one pound of water by one degree Fahrenheit, about 1,055 joules. Gas energy is measured in Btu, therms (100,000 Btu) and MMBtu.',
    synonyms: ['Btu', 'BTU'],
    relatedTerms: ['MMBtu', 'Therm', 'Heating value'],
  },
  {
    term: 'Therm',
    category: 'general',
    definition: 'A unit of heat equal to 100,000 Btu, common on utility bills; ten therms make one MMBtu (a dekatherm).',
    synonyms: ['thm'],
    relatedTerms: ['MMBtu', 'British thermal unit'],
  },
  {
    term: 'Heating value',
    category: 'general',
    definition:
      'The energy released by burning a unit of fuel. The higher (gross) heating value includes the heat recovered by condensing the water vapor formed; the lower (net) value does not. US pipeline gas averages about 1,030-1,040 Btu per standard cubic foot (HHV).',
    synonyms: ['calorific value', 'HHV', 'LHV', 'Btu content', 'gross heating value'],
    relatedTerms: ['Wobbe index', 'MMBtu', 'British thermal unit', 'Pipeline-quality gas'],
  },
  {
    term: 'Wobbe index',
    category: 'general',
    definition:
      "The heating value of a gas divided by the square root of its specific gravity. Gases with the same Wobbe index release the same heat through a given burner orifice at the same pressure, so it is the main test of whether one gas supply, such as regasified LNG, can replace another.",
    synonyms: ['Wobbe number', 'WI', 'interchangeability'],
    relatedTerms: ['Heating value', 'Specific gravity', 'Methane number'],
  },
  {
    term: 'Netback',
    category: 'general',
    definition:
      "The price a producer actually realizes at the wellhead or plant gate: the market sales price minus transportation, fractionation, processing and marketing costs. For NGL, netback per gallon = price - fractionation fee - transport fee; raising it is the aim of every takeaway decision.",
    synonyms: ['net back', 'netback price', 'wellhead netback'],
    relatedTerms: ['Frac spread', 'Takeaway capacity', 'Fractionation', 'Y-grade'],
  },
  {
    term: 'Henry Hub',
    category: 'general',
    definition:
      'A pipeline interconnect in Erath, Louisiana, and the delivery point of the NYMEX natural gas futures contract, whose price in $/MMBtu is the benchmark for North American gas.',
    synonyms: ['HH', 'NYMEX gas'],
    relatedTerms: ['MMBtu', 'Basis'],
  },
  {
    term: 'Basis',
    category: 'general',
    definition:
      'The difference between the price of gas or NGL at a local market and at a benchmark hub such as Henry Hub or Mont Belvieu. Wide negative basis signals local oversupply or takeaway limits.',
    synonyms: ['basis differential', 'location spread'],
    relatedTerms: ['Henry Hub', 'Mont Belvieu', 'Takeaway capacity'],
  },
  {
    term: 'Mcf',
    category: 'general',
    definition:
      'One thousand cubic feet of gas (from the Roman numeral M). MMcf is a million cubic feet and Bcf a billion; with "d" appended (MMcfd) they express a daily flow.',
    synonyms: ['MCF', 'Mscf', 'thousand cubic feet', 'MMcf', 'MMcfd'],
    relatedTerms: ['Standard cubic foot', 'MMBtu', 'Gallons per thousand cubic feet'],
  },
  {
    term: 'Standard cubic foot',
    category: 'general',
    definition:
      'A cubic foot of gas measured at standard conditions, in US practice 60 °F and 14.696 psia, so volumes measured at different pressures and temperatures can be compared.',
    synonyms: ['scf', 'SCF', 'standard conditions'],
    relatedTerms: ['Mcf', 'Heating value'],
  },
  {
    term: 'Specific gravity',
    category: 'general',
    definition:
      'The density of a gas relative to air. Natural gas is about 0.6, so it rises and disperses; propane vapor is about 1.5 and butane about 2.0, so they sink and collect in low spots, which shapes how sites are laid out and ventilated.',
    synonyms: ['relative density', 'SG'],
    relatedTerms: ['Wobbe index', 'Lower explosive limit'],
  },
  {
    term: 'Lower explosive limit',
    category: 'general',
    definition:
      'The lowest concentration of a gas in air that can ignite: about 5% for methane (which burns up to about 15%) and about 2.1% for propane (up to about 9.5%). Gas detectors alarm at a fraction of the LEL.',
    synonyms: ['LEL', 'lower flammability limit', 'LFL'],
    relatedTerms: ['Odorization', 'Specific gravity', 'Methane'],
  },
  {
    term: 'Methane',
    category: 'general',
    definition:
      'The simplest hydrocarbon (CH4) and the main component of natural gas and LNG. It boils at -161.5 °C (-258.7 °F), is lighter than air and burns with a clean blue flame.',
    synonyms: ['C1', 'CH4'],
    relatedTerms: ['Liquefied natural gas', 'Methane number', 'Ethane'],
  },
  {
    term: 'Flaring',
    category: 'general',
    definition:
      'Burning gas at a well site or plant because it cannot be processed, transported or used. Usually caused by a lack of takeaway capacity; a virtual pipeline can turn that gas and its liquids into revenue instead.',
    synonyms: ['flare', 'gas flaring'],
    relatedTerms: ['Takeaway capacity', 'Stranded gas', 'Virtual pipeline'],
  },
  {
    term: 'Stranded gas',
    category: 'general',
    definition:
      'Gas that has been found but has no economic route to market, because it is too far from pipelines or too small to justify one.',
    synonyms: ['stranded reserves', 'remote gas'],
    relatedTerms: ['Flaring', 'Virtual pipeline', 'Small-scale LNG'],
  },
  {
    term: 'Barrel',
    category: 'general',
    definition: 'The oil-industry unit of liquid volume: 42 US gallons (about 159 liters). NGL volumes are quoted in barrels or gallons.',
    synonyms: ['bbl', 'bbls'],
    relatedTerms: ['Natural gas liquids', 'Netback'],
  },
  {
    term: 'Gas genset',
    category: 'general',
    definition:
      'An engine or turbine driving an electric generator on natural gas. Trailer-mounted gensets fed by LNG provide 2-10 MW of temporary or bridge power for industry, oilfields, data centers and utilities while a grid or pipeline connection is built.',
    synonyms: ['genset', 'natural gas generator', 'gas generator'],
    relatedTerms: ['Methane number', 'LNG skid', 'Send-out rate'],
  },
];

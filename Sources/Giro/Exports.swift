// One import for users: `import Giro` brings the record model, validators and every plug-in.
@_exported import GiroCore
@_exported import GiroSEPA
@_exported import GiroSwitzerland
@_exported import GiroCzechia
@_exported import GiroSlovakia
@_exported import GiroHungary
@_exported import GiroCroatia
@_exported import GiroSerbia
@_exported import GiroSlovenia
@_exported import GiroUnitedKingdom
@_exported import GiroBelgium
@_exported import GiroNetherlands
@_exported import GiroAustria
@_exported import GiroKosovo
@_exported import GiroGermany
@_exported import GiroParsers
@_exported import GiroImaging

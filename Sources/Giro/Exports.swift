// One import for users: `import Giro` brings the record model, validators and every plug-in (the plug-ins'
// imports are generated with the country registry).
@_exported import GiroCore
@_exported import GiroParsers
@_exported import GiroImaging
@_exported import GiroSlips
@_exported import GiroOCR
@_exported import GiroInvoices
@_exported import GiroISO20022
